import { Chip, Typography } from '@mui/material';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { useRecordContext, useTranslate } from 'react-admin';
import { ACTIVITY_STATUSES, BADGES, isBadgeShown } from '../../../domain/codes';

const STATUS_COLOURS = { 0: 'default', 1: 'success', 2: 'info', 3: 'warning' } as const;

/** An activity's status (docs/PRODUCT.md §4 "Activity status") as a coloured chip. */
export const StatusChip = ({ status }: { status: number }) => {
  const translate = useTranslate();
  const code = ACTIVITY_STATUSES.find((s) => s.id === status) ?? ACTIVITY_STATUSES[0];
  return (
    <Chip
      size="small"
      label={translate(code.labelKey)}
      color={STATUS_COLOURS[code.id as keyof typeof STATUS_COLOURS]}
      variant={code.id === 0 ? 'outlined' : 'filled'}
    />
  );
};

/** The badge, shown only above 1 (domain/activities.ts explains the one reading); a dash otherwise. */
export const BadgeChip = ({ badgeId }: { badgeId: number }) => {
  const translate = useTranslate();
  if (!isBadgeShown(badgeId))
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        —
      </Typography>
    );
  const code = BADGES.find((b) => b.id === badgeId)!;
  return (
    <Chip
      size="small"
      icon={<EmojiEventsIcon />}
      label={translate(code.labelKey)}
      color="secondary"
      variant="outlined"
    />
  );
};

/** The grade out of 100, or a dash before scores are given. */
export const GradeText = ({ grade }: { grade: number | null | undefined }) => (
  <Typography component="span" variant="body2">
    {grade === null || grade === undefined ? '—' : `${grade}%`}
  </Typography>
);

/** Fields for react-admin lists (the record in context). */
export const StatusField = (_props: { label?: string; source?: string; sortBy?: string }) => {
  const record = useRecordContext();
  return record ? <StatusChip status={Number(record.status)} /> : null;
};
export const BadgeField = (_props: { label?: string; source?: string; sortBy?: string }) => {
  const record = useRecordContext();
  return record ? <BadgeChip badgeId={Number(record.badge_id)} /> : null;
};
export const GradeField = (_props: { label?: string; source?: string; sortBy?: string }) => {
  const record = useRecordContext();
  return record ? <GradeText grade={record.grade as number | null} /> : null;
};
