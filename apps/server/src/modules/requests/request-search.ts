import { normalizeOrderNumber } from '@return-center/domain';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

type Eb = ExpressionBuilder<Database, 'return_requests'>;

/** The desk's filters of the queue (issue 33): a search, a tag (the rules' or staff's), an assignee (0: nobody). */
export interface DeskFilter {
  search?: string;
  tag?: string;
  assigneeId?: number;
}

/** `%text%` for LIKE … ESCAPE '\': the text's own `%`, `_` and `\` match only themselves. */
export const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const like = (column: string, text: string) =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${containing(text)} escape '\\'`;

/** `RMA-000042`, `rma42` or `42`: the request's id, when the text names one. */
export function rmaId(text: string): number | undefined {
  const match = /^(?:rma-?)?0*(\d{1,9})$/i.exec(text.trim());
  return match ? Number(match[1]) : undefined;
}

/**
 * A request matches a search by its RMA number, its order number, part of the shopper's email, or part of an item's
 * title or SKU; case does not matter on either database.
 */
export function searchMatches(eb: Eb, search: string): Expression<SqlBool> {
  const id = rmaId(search);
  return eb.or([
    ...(id === undefined ? [] : [eb('return_requests.id', '=', id)]),
    eb('return_requests.order_number', '=', normalizeOrderNumber(search)),
    like('return_requests.customer_email', search),
    eb.exists(
      eb
        .selectFrom('return_items')
        .select('return_items.id')
        .whereRef('return_items.request_id', '=', 'return_requests.id')
        .where((item) => item.or([like('return_items.title', search), like('return_items.sku', search)])),
    ),
  ]);
}

/** A tag the rules put on the request (JSON of `rule_outcome.tags`), read by each database's own JSON functions. */
const ruleTagged = (dialect: Dialect, tag: string) =>
  dialect === 'postgres'
    ? sql<SqlBool>`(return_requests.rule_outcome::jsonb -> 'tags') @> jsonb_build_array(${tag}::text)`
    : sql<SqlBool>`exists (select 1 from json_each(return_requests.rule_outcome, '$.tags') where value = ${tag})`;

/** The conditions of the desk's filters, all of which must hold. */
export function deskConditions(eb: Eb, filter: DeskFilter, dialect: Dialect): Expression<SqlBool>[] {
  const { search, tag, assigneeId } = filter;
  return [
    ...(search ? [searchMatches(eb, search)] : []),
    ...(tag === undefined
      ? []
      : [
          eb.or([
            ruleTagged(dialect, tag),
            eb.exists(
              eb
                .selectFrom('request_tags')
                .select('request_tags.request_id')
                .whereRef('request_tags.request_id', '=', 'return_requests.id')
                .where('request_tags.tag', '=', tag),
            ),
          ]),
        ]),
    ...(assigneeId === undefined ? [] : [eb('return_requests.assignee_id', '=', assigneeId)]),
  ];
}
