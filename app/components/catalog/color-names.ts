// Moved to core so the server's printed documents name colours the same way.
export { colorName, swatchColor } from "@core/color-names";
