// Placeholder until its issue builds the screen.
export default function ModeratorHeadlines() {
  return <div className="mx-auto max-w-7xl p-6" data-placeholder="moderator/headlines" />;
}
