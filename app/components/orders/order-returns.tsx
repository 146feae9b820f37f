/**
 * Returns and exchanges on an order card (issue 17): the requests' states, the exchange links both
 * ways, and, within 14 days of delivery, the "Return or exchange" action. The owner asks at once;
 * on the masked tracking view a guest first proves the order with its phone or e-mail.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { RotateCcw } from "lucide-react";
import { colorName } from "@core/color-names";
import {
  RETURN_MAX_PHOTOS,
  RETURN_NOTE_MAX,
  RETURN_REASON_VALUES,
  RETURN_WINDOW_DAYS,
  returnRequestInput,
} from "@core/validation/returns";
import type { OrderDTO } from "@server/modules/orders/order-dto";
import type { ReturnOptionsDTO } from "@server/modules/returns/returns-dto";
import { Price } from "~/components/price";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { productName } from "~/components/catalog/product-text";
import { useLang, useT } from "~/i18n/react";
import { call } from "~/lib/api-client";
import { errorMessage } from "~/lib/api";
import { sizeLabel } from "~/lib/size-label";
import { useMutation } from "~/lib/use-mutation";

type Returns = OrderDTO["returns"];
type T = ReturnType<typeof useT>;

const DAY_MS = 24 * 60 * 60 * 1000;

export function colorLabel(c: string, t: T) {
  const n = colorName(c);
  return n ? t(`catalog.color.${n}`) : c;
}

const pairLabel = (p: { size: string; color: string }, t: T) =>
  [p.size ? sizeLabel(p.size, t) : "", p.color ? colorLabel(p.color, t) : ""].filter(Boolean).join(" · ");

function formatDate(iso: string, lang: string) {
  return new Intl.DateTimeFormat(lang === "ar" ? "ar-EG-u-nu-latn" : "en-GB", { dateStyle: "medium" }).format(
    new Date(iso),
  );
}

/** Whether the 14 days since delivery still run (the server checks again). */
const withinWindow = (order: OrderDTO) =>
  order.status === "Delivered" &&
  !!order.deliveredAt &&
  Date.now() <= new Date(order.deliveredAt).getTime() + RETURN_WINDOW_DAYS * DAY_MS;

export function OrderReturns({ order }: { order: OrderDTO }) {
  const t = useT();
  const lang = useLang();
  // Requests sent from this card: shown at once, before the page's data is read again.
  const [asked, setAsked] = useState<Returns>([]);
  const [open, setOpen] = useState(false);
  const returns = [...order.returns, ...asked];
  const taken = new Set(returns.filter((r) => r.state !== "rejected").flatMap((r) => r.lines.map((l) => l.lineId)));
  const canAsk = withinWindow(order) && order.products.some((p) => !taken.has(p._id));
  if (!returns.length && !canAsk && !order.exchangeOf && !order.exchangeOrders.length) return null;
  const trackLink = (n: string) => (
    <Link to={`/orders?on=${encodeURIComponent(n)}`} className="underline underline-offset-4">
      <bdi dir="ltr">{n}</bdi>
    </Link>
  );
  return (
    <section
      className="mt-4 border-t border-line pt-3 text-sm"
      data-testid="order-returns"
      aria-label={t("returns.orderReturns")}
    >
      {order.exchangeOf ? (
        <p data-testid="exchange-of">
          {t("returns.exchangeOf", { orderNumber: "" })} {trackLink(order.exchangeOf.orderNumber)}
        </p>
      ) : null}
      {returns.length ? (
        <>
          <h3 className="font-medium">{t("returns.orderReturns")}</h3>
          <ul className="mt-1 flex flex-col gap-1">
            {returns.map((r) => (
              <li key={r._id} data-testid="return-state" data-state={r.state}>
                <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium">
                  {t(`returns.state.${r.state}`)}
                </span>{" "}
                {t(`returns.kind.${r.kind}`)} · {t(`returns.reason.${r.reason}`)} · {formatDate(r.createdAt, lang)}
                {r.refundAmount !== null ? (
                  <>
                    {" "}
                    · {t("returns.refundedAmount", { amount: "" })} <Price egp={r.refundAmount} />
                  </>
                ) : null}
                {r.rejectReason ? (
                  <span className="block text-muted">{t("returns.rejectedBecause", { reason: r.rejectReason })}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {order.exchangeOrders.map((x) => (
        <p key={x._id} data-testid="exchange-order">
          {t("returns.exchangeOrder", { orderNumber: "" })} {trackLink(x.orderNumber)}
        </p>
      ))}
      {canAsk ? (
        <div className="mt-3 flex justify-end">
          <Button variant="outline" onClick={() => setOpen(true)} data-testid="ask-return">
            <RotateCcw className="size-4" aria-hidden />
            {t("returns.ask")}
          </Button>
        </div>
      ) : null}
      {open ? (
        <Dialog open={open} onOpenChange={setOpen} title={t("returns.askTitle")} size="lg">
          <ReturnForm
            order={order}
            taken={taken}
            onDone={(r) => {
              setAsked((list) => [...list, r]);
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
          />
        </Dialog>
      ) : null}
    </section>
  );
}

interface LinePick {
  on: boolean;
  quantity: number;
  /** "size|color" of the exchange pair, "" until chosen. */
  pair: string;
}

function ReturnForm({
  order,
  taken,
  onDone,
  onCancel,
}: {
  order: OrderDTO;
  taken: Set<string>;
  onDone: (r: Returns[number]) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const [contact, setContact] = useState("");
  const [options, setOptions] = useState<ReturnOptionsDTO | null>(null);
  const [picks, setPicks] = useState<Record<string, LinePick>>({});
  const [kind, setKind] = useState<"refund" | "exchange">("exchange");
  const [reason, setReason] = useState("");
  const [note, setNote] = useState("");
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);

  const [loadError, setLoadError] = useState<string | null>(null);
  const load = useMutation(
    (body: { orderNumber: string; contact?: string }) =>
      call("POST /returns/options", { body }, { noAuthRedirect: true }),
    {
      success: false,
      revalidate: false,
      onError: (e) => setLoadError(errorMessage(e)),
      onSuccess: (reply) => {
        setLoadError(null);
        setOptions(reply);
        setPicks(Object.fromEntries(reply.lines.map((l) => [l.lineId, { on: false, quantity: 1, pair: "" }])));
      },
    },
  );
  // The owner sees the whole order: the options load at once; a guest proves the order first.
  // The whole order is shown to its owner and to staff; it carries the phone, which proves the order
  // for staff asking on a customer's behalf (the owner's session proves it anyway).
  const loadOnce = useRef(load.submit);
  useEffect(() => {
    if (!order.masked) void loadOnce.current({ orderNumber: order.orderNumber, contact: order.phone });
  }, [order.masked, order.orderNumber, order.phone]);

  const send = useMutation(
    async (input: Record<string, unknown>) => {
      const form = new FormData();
      form.append("request", JSON.stringify(input));
      for (const p of photos) form.append("photos", p);
      return call("POST /returns", { form }, { noAuthRedirect: true });
    },
    {
      schema: returnRequestInput,
      revalidate: false,
      onSuccess: (reply, input) =>
        onDone({
          _id: reply.id,
          state: "open",
          kind: input.kind as "refund" | "exchange",
          reason: input.reason as Returns[number]["reason"],
          createdAt: new Date().toISOString(),
          lines: (input.lines as { lineId: string; quantity: number }[]).map((l) => ({
            lineId: l.lineId,
            quantity: l.quantity,
          })),
          refundAmount: null,
          rejectReason: null,
        }),
    },
  );

  if (!options) {
    if (!order.masked) {
      return loadError && !load.busy ? (
        <div className="flex flex-col gap-3" role="alert">
          <p className="text-sm">{loadError}</p>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onCancel}>
              {t("returns.cancel")}
            </Button>
            <Button onClick={() => void load.submit({ orderNumber: order.orderNumber })}>{t("common.tryAgain")}</Button>
          </div>
        </div>
      ) : (
        <p className="text-sm text-muted" role="status">
          {t("returns.loading")}
        </p>
      );
    }
    return (
      <form
        className="flex flex-col gap-3"
        onSubmit={load.onSubmit(() => ({ orderNumber: order.orderNumber, contact }))}
        data-testid="return-prove"
      >
        <p className="text-sm text-muted">{t("returns.proveText")}</p>
        <TextField
          label={t("returns.contact")}
          value={contact}
          onChange={(e) => setContact(e.target.value)}
          dir="ltr"
          maxLength={120}
          autoComplete="tel"
          required
          data-testid="return-contact"
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            {t("returns.cancel")}
          </Button>
          <Button type="submit" loading={load.busy}>
            {t("returns.continue")}
          </Button>
        </div>
      </form>
    );
  }

  const set = (lineId: string, patch: Partial<LinePick>) =>
    setPicks((p) => ({ ...p, [lineId]: { ...p[lineId]!, ...patch } }));
  const chosen = options.lines.filter((l) => picks[l.lineId]?.on);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // An exchange needs its pair for each chosen item: said here, beside the items, not by a 409.
    if (kind === "exchange" && chosen.some((l) => !picks[l.lineId]?.pair)) {
      send.setErrors({
        lines: t(chosen.some((l) => l.exchangeOptions.length === 0) ? "returns.noExchange" : "returns.choosePair"),
      });
      return;
    }
    void send.submit({
      orderNumber: order.orderNumber,
      contact: order.masked ? contact : order.phone,
      kind,
      reason,
      note,
      lines: chosen.map((l) => {
        const p = picks[l.lineId]!;
        const [size, color] = p.pair ? p.pair.split("|") : ["", ""];
        return { lineId: l.lineId, quantity: p.quantity, ...(kind === "exchange" ? { size, color } : {}) };
      }),
    });
  };

  return (
    <form className="flex flex-col gap-4" noValidate data-testid="return-form" onSubmit={submit}>
      <p className="text-sm text-muted">{t("returns.askText", { date: formatDate(options.deadline, lang) })}</p>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-medium">{t("returns.resolution")}</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {(["exchange", "refund"] as const).map((k) => (
            <label key={k} className="inline-flex items-center gap-2">
              <input
                type="radio"
                name="kind"
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
                data-testid={`return-kind-${k}`}
              />
              {t(`returns.${k}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t("returns.chooseItems")}</legend>
        {options.lines.map((l) => {
          const p = picks[l.lineId]!;
          const name = productName({ name: l.name, nameAr: l.nameAr }, lang);
          const blocked = l.openState !== null || taken.has(l.lineId);
          return (
            <div key={l.lineId} className="rounded-lg border border-line p-3" data-testid="return-line">
              <label className="flex items-center gap-3">
                <input
                  type="checkbox"
                  checked={p.on}
                  disabled={blocked}
                  onChange={(e) => set(l.lineId, { on: e.target.checked })}
                  aria-label={t("returns.returnThis", { name })}
                  data-testid="return-line-check"
                />
                {l.image ? (
                  <img src={l.image} alt="" width={40} height={50} className="h-[50px] w-10 rounded object-cover" />
                ) : null}
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{name}</span>
                  <span className="text-xs text-muted">
                    {pairLabel(l, t)} · {t("orders.qty", { n: l.quantity })}
                  </span>
                  {blocked && l.openState ? (
                    <span className="block text-xs text-muted">
                      {t("returns.alreadyAsked", { state: t(`returns.state.${l.openState}`) })}
                    </span>
                  ) : null}
                </span>
              </label>
              {p.on ? (
                <div className="mt-2 grid gap-2 sm:grid-cols-2">
                  <SelectField
                    label={t("returns.quantity")}
                    value={p.quantity}
                    onChange={(e) => set(l.lineId, { quantity: Number(e.target.value) })}
                    data-testid="return-quantity"
                  >
                    {Array.from({ length: l.quantity }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </SelectField>
                  {kind === "exchange" ? (
                    l.exchangeOptions.length ? (
                      <SelectField
                        label={t("returns.exchangeFor")}
                        value={p.pair}
                        onChange={(e) => set(l.lineId, { pair: e.target.value })}
                        data-testid="return-pair"
                      >
                        <option value="">{t("returns.choosePair")}</option>
                        {l.exchangeOptions.map((o) => (
                          <option key={`${o.size}|${o.color}`} value={`${o.size}|${o.color}`}>
                            {pairLabel(o, t)}
                          </option>
                        ))}
                      </SelectField>
                    ) : (
                      <p className="text-xs text-muted sm:self-end">{t("returns.noExchange")}</p>
                    )
                  ) : null}
                </div>
              ) : null}
            </div>
          );
        })}
        {send.error("lines") ? (
          <p role="alert" className="text-xs text-red-700 dark:text-red-400">
            {send.error("lines")}
          </p>
        ) : null}
      </fieldset>
      <SelectField
        label={t("returns.reason")}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={send.error("reason")}
        required
        data-testid="return-reason"
      >
        <option value="">—</option>
        {RETURN_REASON_VALUES.map((r) => (
          <option key={r} value={r}>
            {t(`returns.reason.${r}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t("returns.note")}
        value={note}
        maxLength={RETURN_NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
        error={send.error("note")}
      />
      <TextField
        type="file"
        label={t("returns.photos")}
        accept="image/jpeg,image/png,image/gif,image/webp,image/avif"
        multiple
        error={photoError}
        hint={photos.length ? t("returns.photosChosen", { n: photos.length }) : undefined}
        data-testid="return-photos"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          if (files.length > RETURN_MAX_PHOTOS) {
            setPhotoError(t("returns.photosTooMany"));
            setPhotos(files.slice(0, RETURN_MAX_PHOTOS));
          } else {
            setPhotoError(null);
            setPhotos(files);
          }
        }}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t("returns.cancel")}
        </Button>
        <Button type="submit" loading={send.busy} data-testid="return-submit">
          {t("returns.submit")}
        </Button>
      </div>
    </form>
  );
}
