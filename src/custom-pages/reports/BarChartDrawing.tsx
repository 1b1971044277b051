import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../../../domain/format';

export interface BarChartDrawingProps {
  data: Record<string, string | number | null>[];
  bars: { key: string; name: string; color: string }[];
  locale: string;
  /** mirrored for a right-to-left language: the first category on the right, the values' axis on the right */
  rtl: boolean;
}

/** The bars of MirroredBarChart (MirroredBarChart.tsx), drawn by recharts: a chunk of its own with recharts. */
const BarChartDrawing = ({ data, bars, locale, rtl }: BarChartDrawingProps) => (
  <ResponsiveContainer width="100%" height="100%">
    <BarChart data={data} margin={{ top: 10, right: 20, left: 20, bottom: 5 }}>
      <CartesianGrid strokeDasharray="3 3" />
      <XAxis dataKey="name" reversed={rtl} />
      <YAxis
        orientation={rtl ? 'right' : 'left'}
        allowDecimals={false}
        tickFormatter={(v) => formatNumber(v, locale)}
      />
      <Tooltip formatter={(v) => formatNumber(v, locale)} />
      <Legend />
      {bars.map((b) => (
        <Bar key={b.key} dataKey={b.key} name={b.name} fill={b.color} isAnimationActive={false} />
      ))}
    </BarChart>
  </ResponsiveContainer>
);

export default BarChartDrawing;
