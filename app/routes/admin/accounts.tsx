// Placeholder until its issue builds the screen.
export default function AdminAccounts() {
  return <div className="mx-auto max-w-7xl p-6" data-placeholder="admin/accounts" />;
}
