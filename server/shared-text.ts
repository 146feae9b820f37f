/**
 * A text sent alike to many visitors (the memoised home data and listings), as one object. While it
 * is kept, the object stands for its content: the HTTP layer keeps the text's compressed copies
 * beside it (server/http/compression.ts, decision 401) rather than finding them by the text itself,
 * which made V8 hash every character of an 11 kB listing at each answer and at each growth of the
 * copies' map.
 */
export interface SharedText {
  readonly text: string;
}

export const sharedText = (text: string): SharedText => Object.freeze({ text });
