/**
 * What a catalogue search matches a product by, lowercased in one column: its title, its tags and its variants' SKUs,
 * each on a line of its own, so that a phrase (which never holds a line break) matches within one of them only. A
 * tag is a line too, as tags are stored joined by commas.
 */
export const searchTextOf = (title: string, tags: string, skus: readonly string[]) =>
  [title, ...tags.split(','), ...skus].map((part) => part.trim().toLowerCase()).join('\n');
