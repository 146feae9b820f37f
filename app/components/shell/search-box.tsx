import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { LIMITS } from "@core/constants";
import { useLang, useT } from "~/i18n/react";
import { productName } from "~/components/catalog/product-text";
import { textLang } from "~/lib/text-lang";
import { Price } from "~/components/price";
import { call, type Reply } from "~/lib/api-client";

type Suggestion = Reply<"GET /products">["products"][number];

/** Top-bar search: suggestions (at most 10) after a 500 ms pause; Enter opens the shop's results. */
export function SearchBox({ className = "" }: { className?: string }) {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const listId = useId();
  const [query, setQuery] = useState("");
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const boxRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setItems([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      call(
        "GET /products",
        { query: { search: q, limit: LIMITS.searchSuggestions } },
        { signal: controller.signal, noAuthRedirect: true },
      )
        .catch((e: unknown) => {
          if (controller.signal.aborted) throw e;
          return { products: [] as Suggestion[] }; // the server said no: no suggestions
        })
        .then((d) => {
          setItems(d.products.slice(0, LIMITS.searchSuggestions));
          setActive(-1);
          setOpen(true);
        })
        .catch(() => undefined); // aborted or offline: the box simply shows no suggestions
    }, LIMITS.searchDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  useEffect(() => {
    const close = (e: MouseEvent) => {
      if (!boxRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, []);

  const go = (to: string) => {
    setOpen(false);
    navigate(to);
  };

  return (
    <form
      ref={boxRef}
      role="search"
      // A plain GET to the shop's results, so a search works before the scripts arrive (docs/decisions/161).
      method="get"
      action="/shop"
      className={`relative ${className}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (active >= 0 && items[active]) return go(`/product/${items[active]._id}`);
        go(query.trim() ? `/shop?search=${encodeURIComponent(query.trim())}` : "/shop");
      }}
    >
      <label className="sr-only" htmlFor={`${listId}-input`}>
        {t("common.search")}
      </label>
      <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" aria-hidden />
      <input
        id={`${listId}-input`}
        type="search"
        name="search"
        maxLength={100}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onFocus={() => items.length && setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
            setActive((i) => Math.min(items.length - 1, i + 1));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((i) => Math.max(-1, i - 1));
          } else if (e.key === "Escape") setOpen(false);
        }}
        placeholder={t("common.searchPlaceholder")}
        className="w-full rounded-full border border-line bg-surface-2 py-2 pe-4 ps-9 text-sm outline-none focus:border-brand-500"
        role="combobox"
        aria-expanded={open && items.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        data-testid="search-input"
      />
      {open && items.length > 0 ? (
        <ul
          id={listId}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern; focus stays in the input, which points at options through aria-activedescendant.
          role="listbox"
          className="absolute inset-x-0 top-full z-40 mt-1 overflow-hidden rounded-xl border border-line bg-surface shadow-lg"
        >
          {items.map((p, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive: an option of the combobox above; the input keeps the focus, the arrow keys move the active option.
            <li
              key={p._id}
              id={`${listId}-${i}`}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: same combobox option.
              role="option"
              aria-selected={i === active}
              className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${i === active ? "bg-surface-2" : ""}`}
              onMouseDown={(e) => {
                e.preventDefault();
                go(`/product/${p._id}`);
              }}
            >
              {p.images[0] ? (
                <img src={p.images[0]} alt="" className="size-9 rounded object-cover" width={36} height={36} />
              ) : null}
              <span
                className="flex-1 truncate"
                {...textLang(productName(p, lang), lang)}
                data-testid="search-suggestion-name"
              >
                {productName(p, lang)}
              </span>
              <Price egp={p.totalPrice} className="text-muted" />
            </li>
          ))}
        </ul>
      ) : null}
      <span className="sr-only" aria-live="polite">
        {open && query ? `${items.length}` : ""}
      </span>
    </form>
  );
}
