/** Moderators and admins are staff: they see hidden and unapproved products and every order (DESIGN.md §5). */
export const isStaff = (user: { role: string } | null | undefined): boolean =>
  user?.role === "moderator" || user?.role === "admin";
