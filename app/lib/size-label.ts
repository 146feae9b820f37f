/** A size as shown: the spec's 'Free Size' is a word, so it is translated; XS…XXXXXL are not. */
export function sizeLabel(size: string, t: (key: string) => string): string {
  return size === "Free Size" ? t("common.freeSize") : size;
}
