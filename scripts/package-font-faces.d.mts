export const PACKAGE_FONTS_CSS: string;
export type CodeRange = [number, number];
export function parseRanges(list: string): CodeRange[];
export function covers(ranges: CodeRange[], ch: string): boolean;
export function subtractRanges(ranges: CodeRange[], taken: CodeRange[]): CodeRange[];
export function fontFaces(css: string): { body: string; family?: string; file?: string; ranges: CodeRange[] }[];
export function cutsByFamily(appCss: string): Map<string, CodeRange[]>;
export function packageFontsCss(): string;
