/** The profile image, or the initials on a brand circle when there is none. */
export function Avatar({
  user,
  size,
}: {
  user: { firstName: string; lastName: string; profileImage: string | null };
  size: number;
}) {
  const style = { width: size, height: size };
  if (user.profileImage) {
    return (
      <img
        src={user.profileImage}
        alt=""
        width={size}
        height={size}
        style={style}
        className="shrink-0 rounded-full object-cover"
      />
    );
  }
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return (
    <span
      aria-hidden
      style={{ ...style, fontSize: size * 0.38 }}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100"
    >
      {initials || "?"}
    </span>
  );
}
