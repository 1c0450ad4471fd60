import type { WithdrawalItem } from '@return-center/contract';

/** What step 1 gathered, shown by step 2 and sent on confirmation. */
export interface WithdrawalDraft {
  name: string;
  orderNumber: string;
  email: string;
  scope: 'order' | 'items';
  /** The order's items step 1 could show (only for the order's own email), and those picked. */
  items: WithdrawalItem[];
  picked: number[];
  itemsText: string;
}

export const emptyDraft = (orderNumber = '', email = ''): WithdrawalDraft => ({
  name: '',
  orderNumber,
  email,
  scope: 'order',
  items: [],
  picked: [],
  itemsText: '',
});

export const pickedItems = (draft: WithdrawalDraft) => draft.items.filter((i) => draft.picked.includes(i.line_item_id));
