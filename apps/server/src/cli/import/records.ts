/** One order as read from a file: the shape of `feedOrder`'s input, not yet validated (the server does that). */
export type RawOrder = Record<string, unknown>;

/** What a reader yields for each record of the file, with the line the record starts on. */
export type ReadRecord = { line: number; order: RawOrder } | ReadError;

/** A record that could not be read; the import reports it and goes on with the next one. */
export interface ReadError {
  line: number;
  /** The order's id when it could be read, else ''. */
  id: string;
  error: string;
}

export const isReadError = (record: ReadRecord): record is ReadError => 'error' in record;
