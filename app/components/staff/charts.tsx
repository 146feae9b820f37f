/**
 * Back-office charts. recharts is heavy, so only the two dashboard routes import this file and
 * it never reaches a storefront page's bundle.
 */
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useDir, useLang } from "~/i18n/react";
import { staffLocale } from "./codes";

const PALETTE = [
  "#d62a64",
  "#2563eb",
  "#16a34a",
  "#d97706",
  "#7c3aed",
  "#0891b2",
  "#db2777",
  "#65a30d",
  "#ea580c",
  "#4f46e5",
];

export interface SeriesPoint {
  label: string;
  value: number;
}

/** Dates from the API ("2025-03-10" or an ISO time) as a short label in the page's language. */
export function useDateLabel() {
  const lang = useLang();
  const fmt = new Intl.DateTimeFormat(staffLocale(lang), { day: "numeric", month: "short" });
  return (raw: string) => {
    const d = new Date(raw);
    return Number.isNaN(d.getTime()) ? raw : fmt.format(d);
  };
}

export function TimeSeriesChart({
  data,
  name,
  color = PALETTE[0],
  format,
}: {
  data: SeriesPoint[];
  name: string;
  color?: string;
  format?: (n: number) => string;
}) {
  const dir = useDir();
  const id = `fill-${name.replace(/\W/g, "")}`;
  return (
    <div className="h-64 w-full" dir="ltr">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 12, left: 0, bottom: 0 }}>
          <defs>
            <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
              <stop offset="5%" stopColor={color} stopOpacity={0.35} />
              <stop offset="95%" stopColor={color} stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--line)" />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: "var(--muted)" }} reversed={dir === "rtl"} />
          <YAxis
            tick={{ fontSize: 12, fill: "var(--muted)" }}
            orientation={dir === "rtl" ? "right" : "left"}
            width={56}
            tickFormatter={format}
          />
          <Tooltip
            formatter={(v) => (format ? format(Number(v)) : String(v))}
            contentStyle={{ background: "var(--surface)", borderColor: "var(--line)", color: "var(--ink)" }}
          />
          <Area type="monotone" dataKey="value" name={name} stroke={color} fill={`url(#${id})`} strokeWidth={2} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

export function RankBarChart({
  data,
  name,
  format,
}: {
  data: SeriesPoint[];
  name: string;
  format?: (n: number) => string;
}) {
  const dir = useDir();
  return (
    <div className="h-64 w-full" dir="ltr">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 12, left: 12, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--line)" />
          <XAxis
            type="number"
            tick={{ fontSize: 12, fill: "var(--muted)" }}
            reversed={dir === "rtl"}
            tickFormatter={format}
          />
          <YAxis
            type="category"
            dataKey="label"
            width={110}
            tick={{ fontSize: 12, fill: "var(--muted)" }}
            orientation={dir === "rtl" ? "right" : "left"}
          />
          <Tooltip
            formatter={(v) => (format ? format(Number(v)) : String(v))}
            contentStyle={{ background: "var(--surface)", borderColor: "var(--line)", color: "var(--ink)" }}
          />
          <Bar dataKey="value" name={name} radius={4}>
            {data.map((_, i) => (
              <Cell key={i} fill={PALETTE[i % PALETTE.length]} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function ShareChart({ data }: { data: SeriesPoint[] }) {
  return (
    <div className="h-64 w-full" dir="ltr">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie data={data} dataKey="value" nameKey="label" innerRadius="45%" outerRadius="80%" paddingAngle={2}>
            {data.map((_, i) => (
              <Cell key={i} fill={PALETTE[i % PALETTE.length]} />
            ))}
          </Pie>
          <Tooltip contentStyle={{ background: "var(--surface)", borderColor: "var(--line)", color: "var(--ink)" }} />
          {/* The legend's words in the text colour (the swatch keeps the series' colour): in the
              dark theme the series' colours as text fell to 3.6:1 against the page. */}
          <Legend formatter={(value) => <span className="text-ink">{value}</span>} />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}

/** A chart with its numbers also as a visually hidden table, for screen readers. */
export function ChartCard({
  title,
  data,
  children,
  valueLabel,
  format,
}: {
  title: string;
  data: SeriesPoint[];
  children: React.ReactNode;
  valueLabel: string;
  format?: (n: number) => string;
}) {
  return (
    <figure className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4">
      <figcaption className="font-semibold">{title}</figcaption>
      {children}
      {/* Hidden by a wrapper: a table keeps the width of its content whatever width it is given, so
          an sr-only table would still stick out of a 360 px page. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{title}</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((p, i) => (
              <tr key={i}>
                <td>{p.label}</td>
                <td>{format ? format(p.value) : p.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

export function FigureCard({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: React.ReactNode;
  hint?: React.ReactNode;
  testId?: string;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border border-line bg-surface p-4" data-testid={testId}>
      <span className="text-sm text-muted">{label}</span>
      {/* A price like "EGP 12,345.50" does not break at its no-break space: on a 360 px phone's two
          columns it would push the page sideways, so the figure is smaller there and may wrap anywhere. */}
      <span className="text-lg font-semibold [overflow-wrap:anywhere] sm:text-2xl">
        <bdi>{value}</bdi>
      </span>
      {hint ? <span className="text-xs text-muted">{hint}</span> : null}
    </div>
  );
}

/** Time-series items from the API, whatever their value field is called, as label and value. */
export function toSeries(items: unknown, valueKeys: string[], label: (raw: string) => string): SeriesPoint[] {
  if (!Array.isArray(items)) return [];
  return items.map((item: Record<string, unknown>) => {
    const key =
      valueKeys.find((k) => typeof item[k] === "number") ??
      Object.keys(item).find((k) => k !== "date" && k !== "_id" && typeof item[k] === "number");
    const raw = String(item.date ?? item.name ?? item._id ?? "");
    return { label: item.date ? label(raw) : raw, value: key ? Number(item[key]) : 0 };
  });
}
