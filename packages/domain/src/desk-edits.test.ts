import { describe, expect, it } from 'vitest';
import { deskEditable } from './desk-edits';

describe('deskEditable', () => {
  it('allows a pending refund or credit, never an approved, received or finished one, nor an exchange', () => {
    expect(deskEditable({ status: 1, solution_id: 1 })).toBe(true);
    expect(deskEditable({ status: 1, solution_id: 2 })).toBe(true);
    for (const status of [2, 3, 4, 5]) expect(deskEditable({ status, solution_id: 1 })).toBe(false);
    expect(deskEditable({ status: 1, solution_id: 5 })).toBe(false);
  });
});
