import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography, useTheme } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { directionOf } from '../../i18n/locales';
import type { AppLocale } from '../../i18n/locales';
import { formatDay, formatNumber } from '../../../domain/format';

const PALETTE = ['#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#00838f', '#c62828', '#558b2f', '#4527a0', '#9e9d24'];

/**
 * A chart in its card. recharts lays out left to right: the chart sits in a
 * dir="ltr" box and, in Arabic, is mirrored (x axis reversed, y axis on the
 * right) so time runs right to left as the page reads (docs/STACK.md "Charts in right-to-left").
 */
const ChartCard = ({ title, children, summary }: { title: string; children: ReactNode; summary: string }) => {
  const translate = useTranslate();
  return (
    <Card component="section" aria-label={translate(title)}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(title)}
        </Typography>
        <Box dir="ltr" sx={{ width: '100%', height: 280 }} role="img" aria-label={summary}>
          {children}
        </Box>
      </CardContent>
    </Card>
  );
};

const useRtl = () => {
  const [locale] = useLocaleState();
  return { rtl: directionOf(locale as AppLocale) === 'rtl', locale };
};

export const ActivitiesPerGroupChart = ({
  groups,
  other,
}: {
  groups: { group_name: string; count: number }[];
  other: number;
}) => {
  const translate = useTranslate();
  const { locale } = useRtl();
  const data = [
    ...groups.map((g) => ({ name: g.group_name, value: g.count })),
    ...(other > 0 ? [{ name: translate('app.overview.otherGroups'), value: other }] : []),
  ];
  const summary =
    data.map((d) => `${d.name}: ${formatNumber(d.value, locale)}`).join('، ') || translate('app.overview.noData');
  return (
    <ChartCard title="app.overview.activitiesPerGroup" summary={summary}>
      {data.length ? (
        <ResponsiveContainer>
          <PieChart>
            <Pie
              data={data}
              dataKey="value"
              nameKey="name"
              innerRadius={50}
              outerRadius={95}
              paddingAngle={2}
              isAnimationActive={false}
            >
              {data.map((d, i) => (
                <Cell key={d.name} fill={PALETTE[i % PALETTE.length]} />
              ))}
            </Pie>
            <Tooltip formatter={(v) => formatNumber(v, locale)} />
            <Legend />
          </PieChart>
        </ResponsiveContainer>
      ) : (
        <Typography color="text.secondary">{translate('app.overview.noData')}</Typography>
      )}
    </ChartCard>
  );
};

export const ActivitiesPerMonthChart = ({
  months,
}: {
  months: { month: string; count: number; evaluated: number }[];
}) => {
  const translate = useTranslate();
  const theme = useTheme();
  const { rtl, locale } = useRtl();
  const label = (m: string) => formatDay(m, locale, { month: 'short', year: '2-digit' });
  const data = months.map((m) => ({ ...m, label: label(m.month) }));
  const summary = data.map((d) => `${d.label}: ${formatNumber(d.count, locale)}`).join('، ');
  return (
    <ChartCard title="app.overview.activitiesPerMonth" summary={summary}>
      <ResponsiveContainer>
        <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" reversed={rtl} tick={{ fontSize: 12 }} />
          <YAxis
            allowDecimals={false}
            orientation={rtl ? 'right' : 'left'}
            tickFormatter={(v) => formatNumber(v, locale)}
          />
          <Tooltip formatter={(v) => formatNumber(v, locale)} />
          <Legend />
          <Bar
            dataKey="count"
            name={translate('app.overview.handedIn')}
            fill={theme.palette.primary.main}
            isAnimationActive={false}
          />
          <Bar
            dataKey="evaluated"
            name={translate('app.overview.evaluated')}
            fill={theme.palette.success.main}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
};

export const InteractionsPerDayChart = ({ days }: { days: { day: string; count: number }[] }) => {
  const translate = useTranslate();
  const theme = useTheme();
  const { rtl, locale } = useRtl();
  const data = days.map((d) => ({
    ...d,
    label: formatDay(d.day, locale, { day: 'numeric', month: 'short' }),
  }));
  const total = days.reduce((n, d) => n + d.count, 0);
  // two counts in one sentence: the period is counted on its own (its plural form), then put in
  const period = translate('app.overview.lastDays', { smart_count: days.length });
  const summary = translate('app.overview.interactionsSummary', { smart_count: total, period });
  return (
    <ChartCard title="app.overview.dailyInteractions" summary={summary}>
      <ResponsiveContainer>
        <LineChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" reversed={rtl} tick={{ fontSize: 12 }} minTickGap={16} />
          <YAxis
            allowDecimals={false}
            orientation={rtl ? 'right' : 'left'}
            tickFormatter={(v) => formatNumber(v, locale)}
          />
          <Tooltip formatter={(v) => formatNumber(v, locale)} />
          <Line
            type="monotone"
            dataKey="count"
            name={translate('app.overview.interactions')}
            stroke={theme.palette.secondary.main}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
};
