import {
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
} from 'recharts';
import { useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CHILD_GENDERS } from '../../../domain/codes';
import { ChartBox, barsHeight, useChartMirror, useChartNumber } from '../../components/ChartBox';
import type { Report } from '../../dataProvider/schools';

/** Students by gender: a pie. */
export const GendersChart = ({ data }: { data: Report['users_genders_chart'] }) => {
  const translate = useTranslate();
  const number = useChartNumber();
  const theme = useTheme();
  const colours = [theme.palette.primary.main, theme.palette.secondary.main, theme.palette.grey[500]];
  const rows = data.map((d) => {
    const code = CHILD_GENDERS.find((c) => c.id === d.gender);
    return { name: code ? translate(code.labelKey) : translate('app.schools.report.unknown'), value: d.count };
  });
  return (
    <ChartBox
      title={translate('app.schools.report.genders')}
      empty={rows.length ? undefined : translate('app.schools.report.noStudents')}
    >
      <ResponsiveContainer>
        <PieChart>
          <Pie
            data={rows}
            dataKey="value"
            nameKey="name"
            outerRadius="75%"
            label={({ value }) => number(value)}
            isAnimationActive={false}
          >
            {rows.map((r, i) => (
              <Cell key={r.name} fill={colours[i % colours.length]} />
            ))}
          </Pie>
          <Tooltip formatter={number} />
          <Legend />
        </PieChart>
      </ResponsiveContainer>
    </ChartBox>
  );
};

/** Students by level (the class number): bars, mirrored in Arabic. */
export const LevelsChart = ({ data }: { data: Report['users_levels_chart'] }) => {
  const translate = useTranslate();
  const number = useChartNumber();
  const theme = useTheme();
  const mirror = useChartMirror();
  const rows = data.map((d) => ({
    name:
      d.level === null
        ? translate('app.schools.report.noClass')
        : translate('app.schools.report.level', { level: d.level }),
    [translate('app.schools.report.students')]: d.count,
  }));
  return (
    <ChartBox
      title={translate('app.schools.report.levels')}
      empty={rows.length ? undefined : translate('app.schools.report.noStudents')}
    >
      <ResponsiveContainer>
        <BarChart data={rows}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="name" {...mirror.xAxis} />
          <YAxis allowDecimals={false} {...mirror.yAxis} tickFormatter={number} />
          <Tooltip formatter={number} />
          <Bar
            dataKey={translate('app.schools.report.students')}
            fill={theme.palette.primary.main}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartBox>
  );
};

/** Students and approved seats per school (or per region): horizontal bars in pairs, the names beside them. */
export const BreakdownChart = ({ data, title }: { data: Report['breakdown']; title: string }) => {
  const translate = useTranslate();
  const number = useChartNumber();
  const theme = useTheme();
  const mirror = useChartMirror();
  const students = translate('app.schools.report.students');
  const seats = translate('app.schools.report.seats');
  const rows = data.map((d) => ({ name: d.name, [students]: d.students_count, [seats]: d.seats_approved }));
  return (
    <ChartBox
      title={title}
      height={barsHeight(rows.length * 2)}
      empty={rows.length ? undefined : translate('app.schools.report.nothing')}
    >
      <ResponsiveContainer>
        <BarChart data={rows} layout="vertical">
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis {...mirror.horizontal.valueAxis} tickFormatter={number} />
          <YAxis {...mirror.horizontal.nameAxis} />
          <Tooltip formatter={number} />
          <Legend />
          <Bar dataKey={students} fill={theme.palette.primary.main} isAnimationActive={false} />
          <Bar dataKey={seats} fill={theme.palette.secondary.main} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartBox>
  );
};

/** Students per group: horizontal bars, the group names beside them (the report's page of groups). */
export const GroupsChart = ({ data }: { data: Report['groups'] }) => {
  const translate = useTranslate();
  const number = useChartNumber();
  const theme = useTheme();
  const mirror = useChartMirror();
  const students = translate('app.schools.report.students');
  const rows = data.map((g) => ({ name: g.name, [students]: g.students_count }));
  return (
    <ChartBox
      title={translate('app.schools.report.groups')}
      height={barsHeight(rows.length)}
      empty={rows.length ? undefined : translate('app.schools.report.noGroups')}
    >
      <ResponsiveContainer>
        <BarChart data={rows} layout="vertical">
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis {...mirror.horizontal.valueAxis} tickFormatter={number} />
          <YAxis {...mirror.horizontal.nameAxis} />
          <Tooltip formatter={number} />
          <Bar dataKey={students} fill={theme.palette.info.main} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartBox>
  );
};
