import { Card, CardContent, CardHeader, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { AGE_GROUPS, COUNTRIES, DAYS, GRADES, GROUP_GENDERS, GROUP_STATUSES, type Code } from '../../../domain/codes';
import { useCodeList } from '../../components/CodeListField';
import { formatDay } from '../../../domain/format';

/** Keys the group info never shows (docs/PRODUCT.md §3 "Group"). */
export const HIDDEN_GROUP_KEYS = ['id', 'course_id', 'created_at', 'updated_at', 'search_text', 'teacher_id'] as const;
/** Keys shown elsewhere on the page, or pictures. */
const NOT_LISTED = ['course_image', 'school_id', 'students_count'];
const CODED: Record<string, readonly Code<number | string>[]> = {
  grade: GRADES,
  age_group: AGE_GROUPS,
  gender: GROUP_GENDERS,
  status: GROUP_STATUSES,
  country: COUNTRIES,
};
const DATES = ['start_from', 'end_at'];

/** The group's key/value pairs, each value as people read it. */
export const GroupInfoCard = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const list = useCodeList();
  if (!record) return null;
  const value = (key: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '—';
    if (key === 'days') return list(DAYS, v);
    if (key === 'teacher_details') return (v as RaRecord).name ?? '';
    if (key === 'disabled') return translate(v ? 'app.groups.examOff' : 'app.groups.examOn');
    if (DATES.includes(key)) return formatDay(String(v), locale);
    const codes = CODED[key];
    if (codes) {
      const code = codes.find((c) => String(c.id) === String(v));
      return code ? translate(code.labelKey) : String(v);
    }
    return String(v);
  };
  const keys = Object.keys(record).filter(
    (k) => !(HIDDEN_GROUP_KEYS as readonly string[]).includes(k) && !NOT_LISTED.includes(k),
  );
  return (
    <Card>
      <CardHeader title={translate('app.groups.info')} />
      <CardContent>
        <Table size="small" aria-label={translate('app.groups.info')}>
          <TableBody>
            {keys.map((key) => (
              <TableRow key={key}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: '35%' }}>
                  {translate(`resources.groups.fields.${key}`)}
                </TableCell>
                <TableCell>
                  {key === 'zoom_link' && record[key] ? (
                    <a href={String(record[key])} target="_blank" rel="noreferrer">
                      {String(record[key])}
                    </a>
                  ) : (
                    value(key, record[key])
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
};
