import { z } from 'zod';
import { id, int, minor, unixSeconds } from './envelope.js';

/** The returns desk (issue 33): staff's notes, tags and assignee on a request, and the shopper's earlier returns. */

/** The longest internal note. */
export const NOTE_MAX = 2000;
/** The longest tag, and the most staff tags a request may carry. */
export const TAG_MAX = 40;
export const TAGS_MAX = 20;

/** An internal note: staff only, never shown to the shopper. `author` is the member's name (their email without one). */
export const requestNote = z.object({
  id: int,
  author: z.string(),
  author_email: z.string(),
  body: z.string(),
  at: unixSeconds,
});
export type RequestNote = z.infer<typeof requestNote>;

/** A tag staff put on a request, beside the rules' tags (`tags`): who added it. */
export const staffTag = z.object({ tag: z.string(), added_by: z.string(), at: unixSeconds });

/** A staff member a request can be assigned to. */
export const deskMember = z.object({ id: int, name: z.string(), email: z.string() });
export type DeskMember = z.infer<typeof deskMember>;

/** The shopper's other returns at this shop (by email), newest first, with how many and what was refunded. */
export const shopperHistory = z.object({
  count: int,
  refunded: minor,
  currency: z.string(),
  requests: z.array(
    z.object({ id: int, rma: z.string(), order_no: z.string(), status: int, refund: minor, created_at: unixSeconds }),
  ),
});

/** What the desk adds to a request's detail; every field defaults, so older answers still read. */
export const deskFields = {
  notes: z.array(requestNote).default([]),
  staff_tags: z.array(staffTag).default([]),
  assignee: deskMember.nullable().default(null),
  history: shopperHistory.default({ count: 0, refunded: 0, currency: '', requests: [] }),
};

export const noteBody = z.object({ body: z.string().trim().min(1).max(NOTE_MAX) });

/** A tag as staff type it: trimmed, lower case, letters, digits, spaces, `-` and `_`. */
export const tag = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(TAG_MAX)
  .regex(/^[\p{L}\p{N} _-]+$/u, 'letters, digits, spaces, - and _ only');

/** The request's staff tags as they should be: added ones are recorded, missing ones removed (rules' tags stay). */
export const tagsBody = z.object({ tags: z.array(tag).max(TAGS_MAX) });

/** Assign the request to a staff member of the shop, or to nobody (`null`). */
export const assigneeBody = z.object({ assignee_id: id.nullable() });

/** The queue's assignee filter: the caller (a console member), nobody, or a member's id. */
export const assigneeFilter = z.union([z.enum(['me', 'none']), id]);

/**
 * The queue's order: `newest` first, or `refund_deadline`: open requests made by or linked to a withdrawal (ADR 046)
 * first, soonest legal refund deadline first, then every other request newest first. `cursor` is a page's last id.
 */
export const requestSort = z.enum(['newest', 'refund_deadline']);
export type RequestSort = z.infer<typeof requestSort>;

/** The list's counts per status (`"0"`…) for the same search and filters, whatever the `status` asked. */
export const statusCounts = z.record(z.string(), int).default({});

/** Tags a request carries: the rules' first, then staff's, once each. */
export const allTags = (request: { tags: string[]; staff_tags: { tag: string }[] }) => [
  ...new Set([...request.tags, ...request.staff_tags.map((t) => t.tag)]),
];

/** The desk's merchant routes on a request (merchantRoutes), each answering the request as `request` describes it. */
export const requestDeskRoutes = <R extends z.ZodType>(request: R) => ({
  addNote: {
    method: 'POST' as const,
    path: '/requests/{id}/notes',
    summary: 'Add an internal note (staff only, never shown to the shopper)',
    body: noteBody,
    answer: request,
    refusals: [404 as const],
  },
  setTags: {
    method: 'PUT' as const,
    path: '/requests/{id}/tags',
    summary: "Set the request's staff tags: added ones are recorded, missing ones removed; the rules' tags stay",
    body: tagsBody,
    answer: request,
    refusals: [404 as const],
  },
  setAssignee: {
    method: 'PUT' as const,
    path: '/requests/{id}/assignee',
    summary: 'Assign the request to a staff member of the shop (422 for anyone else), or to nobody with `null`',
    body: assigneeBody,
    answer: request,
    refusals: [404 as const, 422 as const],
  },
  assignees: {
    method: 'GET' as const,
    path: '/assignees',
    summary: 'The staff members of the shop a request can be assigned to',
    answer: z.array(deskMember),
  },
});
