import type { Generated } from 'kysely';
import type { ConsoleLocale } from '@return-center/contract';

/** Who may come in: shoppers' codes and sessions, merchant keys, console accounts and their sessions, links and invites. */
export interface VerificationCodesTable {
  id: Generated<number>;
  shop_id: number;
  email: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface SessionsTable {
  token_hash: string;
  shop_id: number;
  email: string;
  order_id: number | null;
  /** 1 for a gift recipient's session (ADR 044): `email` is the recipient's, not the order's. */
  gift: Generated<number>;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface MerchantKeysTable {
  id: Generated<number>;
  shop_id: number;
  key_hash: string;
  label: string;
  /** The key's last characters, shown so the owner can tell keys apart. */
  hint: Generated<string>;
  created_at: number;
}

export interface StaffAccountsTable {
  id: Generated<number>;
  shop_id: number;
  email: string;
  name: string;
  role: 'owner' | 'staff';
  password_hash: string;
  /** Sealed with an app secret (src/secret-box.ts); '' until set up. */
  totp_secret: Generated<string>;
  totp_enabled: Generated<number>;
  /** The time step of the last code taken: a code works once. */
  totp_last_step: Generated<number>;
  /** A console locale (contract CONSOLE_LOCALES), null until the member chooses one. */
  language: ConsoleLocale | null;
  created_at: number;
}

export interface StaffSessionsTable {
  token_hash: string;
  account_id: number;
  created_at: number;
  expires_at: number;
}

export interface StaffLinksTable {
  token_hash: string;
  purpose: 'invite' | 'reset';
  shop_id: number;
  email: string;
  role: 'owner' | 'staff';
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A pending invitation to a shop's console: one per shop and email; its emailed links claim it. */
export interface StaffInvitesTable {
  id: Generated<number>;
  shop_id: number;
  email: string;
  role: 'owner' | 'staff';
  created_at: number;
  expires_at: number;
}

export interface AccessSchema {
  verification_codes: VerificationCodesTable;
  sessions: SessionsTable;
  merchant_keys: MerchantKeysTable;
  staff_accounts: StaffAccountsTable;
  staff_sessions: StaffSessionsTable;
  staff_links: StaffLinksTable;
  staff_invites: StaffInvitesTable;
}
