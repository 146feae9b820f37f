/**
 * Back-office charts, drawn by recharts. recharts (with d3, Redux and their kin) is about 10 MB of
 * heap once loaded, so this file is only ever imported on demand, through lazy-charts.tsx: the
 * server's threads load it at the first dashboard, not at start-up for every storefront page, and
 * no storefront page's bundle links it. Each chart fills the box lazy-charts.tsx gives it (its size and
 * its left-to-right axes). The cards around the charts are in chart-card.tsx.
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
import { useDir } from "~/i18n/react";
import type { SeriesPoint } from "./chart-card";

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
  );
}

export function ShareChart({ data }: { data: SeriesPoint[] }) {
  return (
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
  );
}
