import { useEffect, useState } from "react";
import { useNavigation, useRevalidator, useSearchParams } from "react-router";
import type { Route } from "./+types/accounts";
import { LIMITS, ROLES, type Role } from "@core/constants";
import { searchUsersQuery } from "@core/validation/accounts";
import { searchUsers } from "@server/modules/accounts/admin-accounts";
import type { AdminUserDTO } from "@server/modules/accounts/accounts-dto";
import { metaTranslator } from "~/i18n/meta";
import { useT } from "~/i18n/react";
import { requireRole } from "~/lib/guards.server";
import { call } from "~/lib/api-client";
import { useMutation } from "~/lib/use-mutation";
import { Button } from "~/components/ui/button";
import { Switch } from "~/components/ui/switch";
import { EmptyState, ErrorBlock, PageTitle, Spinner } from "~/components/ui/states";
import { toast } from "~/components/ui/toaster";
import { Avatar } from "~/components/account/avatar";

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [
    { title: `${metaT("account.adminTitle")} | ${metaT("common.shopName")}` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const me = requireRole(url, context, ["admin"]);
  const parsed = searchUsersQuery.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : searchUsersQuery.parse({});
  const result = await searchUsers(context.deps.db, query);
  return { ...result, query, meId: me._id };
}

/** An admin's action on one account's row, other than deleting it. */
type AdminAction = { user: AdminUserDTO; op: "restore" | "ban" | "unban" } | { user: AdminUserDTO; role: Role };

function runAdminAction(action: AdminAction) {
  const id = action.user._id;
  if ("role" in action) return call("PUT /users/:id/role", { params: { id }, body: { role: action.role } });
  if (action.op === "restore") return call("POST /undeleteuser", { body: { id } });
  if (action.op === "ban") return call("POST /banuser", { body: { id } });
  return call("POST /unbanuser", { body: { id } });
}

/** SPEC §2 Admin accounts: search, page size, a Deleted toggle, and the accounts table with its actions. */
export default function AdminAccounts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { users, totalPages, total, query, meId } = loaderData;
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const { revalidate } = useRevalidator();
  const [search, setSearch] = useState(query.searchTerm);
  // The row whose action is on its way (one action at a time: useMutation sends once).
  const [targetId, setTargetId] = useState<string | null>(null);
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/accounts";

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) v === null || v === "" ? next.delete(k) : next.set(k, v);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  // The search follows typing after a pause (SPEC §9: 500 ms); only a change of the typed text restarts it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the typed text restarts the pause, not a new query object.
  useEffect(() => {
    if (search === query.searchTerm) return;
    const timer = window.setTimeout(() => update({ searchTerm: search.trim(), page: null }), LIMITS.searchDebounceMs);
    return () => window.clearTimeout(timer);
  }, [search]);

  const act = useMutation((action: AdminAction) => {
    setTargetId(action.user._id);
    return runAdminAction(action);
  });
  // Deleting says so with an Undo in its toast (SPEC §2), so it has its own success toast.
  const remove = useMutation(
    (user: AdminUserDTO) => {
      setTargetId(user._id);
      return call("POST /deleteuser", { body: { id: user._id } });
    },
    {
      success: false,
      onSuccess: (reply, user) => {
        toast.success(reply.message, {
          action: {
            label: t("common.undo"),
            onClick: () => {
              call("POST /undeleteuser", { body: { id: user._id } })
                .then(() => revalidate())
                // SPEC §8: a failed undo is logged, not shown.
                .catch((err: unknown) => console.error("undo delete failed", err));
            },
          },
        });
      },
    },
  );
  const rowBusy = (id: string) => (act.busy || remove.busy) && targetId === id;

  return (
    <section className="mx-auto max-w-7xl px-4 py-8" data-testid="admin-accounts">
      <PageTitle>{t("account.adminTitle")}</PageTitle>
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <label className="flex min-w-60 flex-1 flex-col gap-1 text-sm font-medium">
          {t("account.adminSearch")}
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t("account.adminSearchPlaceholder")}
            className="rounded-lg border border-line bg-surface px-3 py-2 text-sm font-normal outline-none focus:border-brand-500"
            data-testid="accounts-search"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("account.adminPageSize")}
          <select
            value={query.limit}
            onChange={(e) => update({ limit: e.target.value, page: null })}
            className="rounded-lg border border-line bg-surface px-3 py-2 text-sm font-normal"
          >
            {LIMITS.pageSizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <div className="pb-2">
          <Switch
            checked={query.hidden}
            onCheckedChange={(v) => update({ hidden: v ? "true" : null, page: null })}
            label={t("account.adminShowDeleted")}
          />
        </div>
      </div>
      <p className="mb-2 text-sm text-muted" aria-live="polite">
        {t("account.adminTotal", { n: total })}
      </p>
      {loading ? <Spinner /> : null}
      {!loading && users.length === 0 ? (
        <EmptyState
          title={t("account.adminNoResults")}
          text={query.searchTerm ? t("account.adminNoResultsText") : undefined}
        />
      ) : null}
      {!loading && users.length > 0 ? (
        <div className="overflow-x-auto rounded-2xl border border-line">
          <table className="w-full min-w-[760px] text-sm">
            <thead className="bg-surface-2 text-start text-xs uppercase text-muted">
              <tr>
                <th scope="col" className="p-3 text-start">
                  {t("account.adminColImage")}
                </th>
                <th scope="col" className="p-3 text-start">
                  {t("account.adminColUsername")}
                </th>
                <th scope="col" className="p-3 text-start">
                  {t("account.adminColEmail")}
                </th>
                <th scope="col" className="p-3 text-start">
                  {t("account.adminColPhone")}
                </th>
                <th scope="col" className="p-3 text-start">
                  {t("account.adminColRole")}
                </th>
                <th scope="col" className="p-3 text-start">
                  {t("account.adminColActions")}
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((u) => {
                const self = u._id === meId;
                const busy = rowBusy(u._id);
                return (
                  <tr key={u._id} className="border-t border-line" data-testid="account-row">
                    <td className="p-3">
                      <Avatar user={u} size={36} />
                    </td>
                    <td className="p-3 font-medium">
                      {u.firstName} {u.lastName}
                      {self ? <span className="ms-2 text-xs text-muted">({t("account.adminYou")})</span> : null}
                      {u.suspended.status ? (
                        <span className="ms-2 rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-800 dark:bg-red-950 dark:text-red-200">
                          {t("account.adminBannedBadge")}
                        </span>
                      ) : null}
                      {!u.activated ? (
                        <span className="ms-2 rounded-full bg-surface-2 px-2 py-0.5 text-xs text-muted">
                          {t("account.adminInactiveBadge")}
                        </span>
                      ) : null}
                    </td>
                    <td className="p-3" dir="ltr">
                      <span className="block text-start">{u.email}</span>
                    </td>
                    <td className="p-3" dir="ltr">
                      <span className="block text-start">{u.phone || "—"}</span>
                    </td>
                    <td className="p-3">
                      <select
                        aria-label={t("account.adminRoleFor", { name: `${u.firstName} ${u.lastName}`.trim() })}
                        value={u.role}
                        disabled={self || busy}
                        onChange={(e) => void act.submit({ user: u, role: e.target.value as Role })}
                        className="rounded-lg border border-line bg-surface px-2 py-1 text-sm disabled:opacity-60"
                      >
                        {ROLES.map((r) => (
                          <option key={r} value={r}>
                            {t(`account.role.${r}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className="p-3">
                      <div className="flex flex-wrap gap-2">
                        {u.deleted ? (
                          <Button
                            size="sm"
                            variant="outline"
                            disabled={busy}
                            onClick={() => void act.submit({ user: u, op: "restore" })}
                          >
                            {t("common.restore")}
                          </Button>
                        ) : (
                          <Button
                            size="sm"
                            variant="danger"
                            disabled={self || busy}
                            onClick={() => void remove.submit(u)}
                          >
                            {t("common.delete")}
                          </Button>
                        )}
                        {u.suspended.status ? (
                          <Button
                            size="sm"
                            variant="outline"
                            disabled={busy}
                            onClick={() => void act.submit({ user: u, op: "unban" })}
                          >
                            {t("account.adminUnban")}
                          </Button>
                        ) : (
                          <Button
                            size="sm"
                            variant="secondary"
                            disabled={self || busy}
                            onClick={() => void act.submit({ user: u, op: "ban" })}
                          >
                            {t("account.adminBan")}
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {totalPages > 1 ? (
        <nav className="mt-4 flex items-center justify-center gap-3" aria-label={t("account.adminPages")}>
          <Button
            variant="outline"
            size="sm"
            disabled={query.page <= 1}
            onClick={() => update({ page: String(query.page - 1) })}
          >
            {t("common.previous")}
          </Button>
          <span className="text-sm">{t("account.adminPageOf", { page: query.page, total: totalPages })}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={query.page >= totalPages}
            onClick={() => update({ page: String(query.page + 1) })}
          >
            {t("common.next")}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  const t = useT();
  const { revalidate } = useRevalidator();
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <ErrorBlock message={t("account.adminLoadFailed")} onRetry={() => revalidate()} />
    </section>
  );
}
