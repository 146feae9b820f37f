import { CustomerRecord } from "~/components/customers/customer-record";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/returns";
import { RETURN_STATE_VALUES, refundReturnInput, rejectReturnInput } from "@core/validation/returns";
import { staffReturnsQuery } from "@server/modules/returns/contract";
import type { StaffReturnDTO } from "@server/modules/returns/returns-dto";
import { listStaffReturns } from "@server/modules/returns/staff-returns";
import { requireRole } from "~/lib/guards.server";
import { initialData } from "~/components/staff/initial-data.server";
import { call } from "~/lib/api-client";
import { useCall } from "~/lib/use-call";
import { useMutation } from "~/lib/use-mutation";
import { sizeLabel } from "~/lib/size-label";
import { inPageLang } from "~/lib/text-lang";
import { metaTranslator } from "~/i18n/meta";
import { useLang, useT } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { Price } from "~/components/price";
import { StaffPage } from "~/components/staff/staff-page";
import { QueryStatus } from "~/components/staff/query-status";
import { colorLabel } from "~/components/orders/order-returns";

export async function loader({ context, url }: Route.LoaderArgs) {
  requireRole(url, context, ["moderator", "admin"]);
  const { state } = staffReturnsQuery.parse(Object.fromEntries(url.searchParams));
  const returns = await initialData(context, "returns", () =>
    listStaffReturns(context.deps.db, context.deps.config, state),
  );
  return { state: state ?? null, first: returns && { returns } };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t: metaT } = metaTranslator(matches);
  return [{ title: metaT("returns.staffTitle") }, { name: "robots", content: "noindex" }];
}

const dateOf = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang === "ar" ? "ar-EG-u-nu-latn" : "en-GB", { dateStyle: "medium" }).format(new Date(iso));

/** Return and exchange requests (issue 17 §3): filter by state, and each request's next step. */
export default function StaffReturns({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const [params] = useSearchParams();
  const state = params.get("state") ?? "";
  const input = { query: state ? { state: state as StaffReturnDTO["state"] } : {} };
  const query = useCall("GET /moderator/returns", input, (loaderData.state ?? "") === state ? loaderData.first : null);
  const list = query.data?.returns ?? [];
  const replace = (r: StaffReturnDTO) =>
    query.setData((d) => d && { returns: d.returns.map((x) => (x._id === r._id ? r : x)) });
  const tab = (value: string, label: string) => (
    <Link
      key={value || "all"}
      to={value ? `/moderator/returns?state=${value}` : "/moderator/returns"}
      aria-current={state === value ? "page" : undefined}
      className="rounded-full border border-line px-3 py-1 text-sm aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
      data-testid={`returns-filter-${value || "all"}`}
    >
      {label}
    </Link>
  );
  return (
    <StaffPage title={t("returns.staffTitle")} description={t("returns.staffText")} testId="returns-screen">
      <nav aria-label={t("returns.filters")} className="flex flex-wrap gap-2">
        {tab("", t("returns.filterAll"))}
        {RETURN_STATE_VALUES.map((s) => tab(s, t(`returns.state.${s}`)))}
      </nav>
      <QueryStatus
        query={query}
        empty={list.length === 0}
        emptyTitle={t("returns.empty")}
        errorMessage={t("returns.fetchFailed")}
      />
      <div className="flex flex-col gap-4">
        {list.map((r) => (
          <ReturnCard key={r._id} request={r} onChanged={replace} />
        ))}
      </div>
    </StaffPage>
  );
}

function ReturnCard({ request: r, onChanged }: { request: StaffReturnDTO; onChanged: (r: StaffReturnDTO) => void }) {
  const t = useT();
  const lang = useLang();
  const [rejectReason, setRejectReason] = useState("");
  const [amount, setAmount] = useState(String(r.refundable));
  const [method, setMethod] = useState("");
  const opts = { revalidate: false, onSuccess: (reply: { request: StaffReturnDTO }) => onChanged(reply.request) };
  const approve = useMutation(() => call("PUT /moderator/returns/:id/approve", { params: { id: r._id } }), opts);
  const receive = useMutation(() => call("PUT /moderator/returns/:id/receive", { params: { id: r._id } }), opts);
  const reject = useMutation(
    (body: { reason: string }) => call("PUT /moderator/returns/:id/reject", { params: { id: r._id }, body }),
    { ...opts, schema: rejectReturnInput },
  );
  const refund = useMutation(
    (body: { amount: string; method: string }) =>
      call("PUT /moderator/returns/:id/refund", {
        params: { id: r._id },
        body: { amount: Number(body.amount), method: body.method as "cash" | "wallet" },
      }),
    { ...opts, schema: refundReturnInput },
  );
  const o = r.order;
  const c = r.customer;
  return (
    <article
      className="rounded-2xl border border-line p-4"
      data-testid="return-card"
      data-order-number={o.orderNumber}
      data-state={r.state}
      aria-labelledby={`return-${r._id}`}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`return-${r._id}`} className="font-semibold">
          {t(`returns.kind.${r.kind}`)} ·{" "}
          <Link to={`/orders?on=${encodeURIComponent(o.orderNumber)}`} className="underline underline-offset-4">
            <bdi dir="ltr">{o.orderNumber}</bdi>
          </Link>
        </h2>
        <span className="rounded-full bg-surface-2 px-3 py-1 text-xs font-medium" data-testid="return-card-state">
          {t(`returns.state.${r.state}`)}
        </span>
      </header>
      <p className="mt-1 text-sm text-muted">
        {dateOf(r.createdAt, lang)} · {t(`returns.reason.${r.reason}`)}
        {o.deliveredAt ? ` · ${t("returns.delivered", { date: dateOf(o.deliveredAt, lang) })}` : ""}
      </p>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <div className="text-sm">
          <h3 className="font-medium">{t("returns.customer")}</h3>
          <p>
            <bdi>
              {o.firstName} {o.lastName}
            </bdi>{" "}
            · <bdi dir="ltr">{o.phone}</bdi> · <bdi dir="ltr">{o.email}</bdi>
          </p>
          <div data-testid="return-customer-record">
            <CustomerRecord record={c} phone={o.phone} />
          </div>
          {r.note ? (
            <p className="mt-2">
              <span className="font-medium">{t("returns.customerNote")}: </span>
              <bdi>{r.note}</bdi>
            </p>
          ) : null}
        </div>
        <div className="text-sm">
          <h3 className="font-medium">{t("returns.linesTitle")}</h3>
          <ul className="flex flex-col gap-1">
            {r.lines.map((l) => (
              <li key={l._id} className="flex items-center gap-2">
                {l.image ? (
                  <img src={l.image} alt="" width={32} height={40} className="h-10 w-8 rounded object-cover" />
                ) : null}
                <span className="min-w-0 flex-1">
                  <bdi>{inPageLang(l.name, l.nameAr, lang)}</bdi>
                  <span className="block text-xs text-muted">
                    {t("returns.lineSummary", {
                      quantity: l.quantity,
                      ordered: l.orderedQuantity,
                      size: sizeLabel(l.size, t),
                    })}{" "}
                    · {colorLabel(l.color, t)}
                    {l.exchangeSize !== null ? (
                      <span data-testid="return-exchange-to">
                        {" "}
                        → {t("returns.exchangeTo", { size: sizeLabel(l.exchangeSize, t) })} ·{" "}
                        {colorLabel(l.exchangeColor ?? "", t)}
                      </span>
                    ) : null}
                  </span>
                </span>
                <Price egp={l.paid} className="text-xs" />
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2" data-testid="return-photos">
        {r.photos === 0 ? <span className="text-xs text-muted">{t("returns.noPhotos")}</span> : null}
        {Array.from({ length: r.photos }, (_, i) => i + 1).map((n) => (
          <a key={n} href={`/api/moderator/returns/${r._id}/photos/${n}`} target="_blank" rel="noreferrer">
            <img
              src={`/api/moderator/returns/${r._id}/photos/${n}`}
              alt={t("returns.photoAlt", { n })}
              width={80}
              height={80}
              className="size-20 rounded-lg border border-line object-cover"
              loading="lazy"
            />
          </a>
        ))}
      </div>
      {r.exchangeOrder ? (
        <p className="mt-2 text-sm" data-testid="return-exchange-order">
          {t("returns.exchangeOrder", { orderNumber: "" })} <bdi dir="ltr">{r.exchangeOrder.orderNumber}</bdi>
        </p>
      ) : null}
      {r.rejectReason ? (
        <p className="mt-2 text-sm">{t("returns.rejectedBecause", { reason: r.rejectReason })}</p>
      ) : null}
      {r.refundAmount !== null && r.refundMethod ? (
        <p className="mt-2 text-sm">
          {t("returns.refundDone", { amount: "", method: t(`returns.method.${r.refundMethod}`) })}{" "}
          <Price egp={r.refundAmount} />
        </p>
      ) : null}

      {r.state === "open" ? (
        <div className="mt-3 flex flex-wrap items-end gap-3 border-t border-line pt-3">
          <Button onClick={() => void approve.submit(undefined)} loading={approve.busy} data-testid="return-approve">
            {t("returns.approve")}
          </Button>
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={reject.onSubmit(() => ({ reason: rejectReason }))}
            noValidate
          >
            <TextField
              label={t("returns.rejectReason")}
              value={rejectReason}
              maxLength={300}
              onChange={(e) => setRejectReason(e.target.value)}
              error={reject.error("reason")}
            />
            <Button type="submit" variant="outline" loading={reject.busy} data-testid="return-reject">
              {t("returns.reject")}
            </Button>
          </form>
        </div>
      ) : null}
      {r.state === "approved" ? (
        <div className="mt-3 border-t border-line pt-3">
          <Button onClick={() => void receive.submit(undefined)} loading={receive.busy} data-testid="return-receive">
            {t("returns.receive")}
          </Button>
        </div>
      ) : null}
      {r.state === "received" && r.kind === "refund" ? (
        <form
          className="mt-3 flex flex-wrap items-end gap-2 border-t border-line pt-3"
          onSubmit={refund.onSubmit(() => ({ amount, method }))}
          noValidate
        >
          <TextField
            label={t("returns.refundAmount", { max: r.refundable })}
            value={amount}
            inputMode="decimal"
            dir="ltr"
            onChange={(e) => setAmount(e.target.value)}
            error={refund.error("amount")}
            data-testid="return-refund-amount"
          />
          <SelectField
            label={t("returns.refundMethod")}
            value={method}
            onChange={(e) => setMethod(e.target.value)}
            error={refund.error("method")}
            data-testid="return-refund-method"
          >
            <option value="">—</option>
            <option value="cash">{t("returns.method.cash")}</option>
            <option value="wallet">{t("returns.method.wallet")}</option>
          </SelectField>
          <Button type="submit" loading={refund.busy} data-testid="return-refund">
            {t("returns.refundAction")}
          </Button>
        </form>
      ) : null}
    </article>
  );
}
