import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, Typography } from '@mui/material';
import { Loading } from 'react-admin';
import { ErrorAlert } from './ErrorAlert';

export interface SectionCardProps {
  /** the section's heading (an h2) */
  title: ReactNode;
  subheader?: ReactNode;
  /** a button beside the heading (e.g. "Add") */
  action?: ReactNode;
  isPending?: boolean;
  error?: unknown;
  /** whether the loaded list is empty: `emptyText` shows instead of the children */
  empty?: boolean;
  emptyText?: ReactNode;
  children?: ReactNode;
}

/**
 * A section of a page that loads a list (the profile's children and groups, a course's groups): a card with its
 * heading, and in it the list, or while it loads a spinner, when it fails the translated error, and when it is
 * empty a sentence that says so. Dialogs the section opens go after it, outside the card's content.
 */
export const SectionCard = ({
  title,
  subheader,
  action,
  isPending,
  error,
  empty,
  emptyText,
  children,
}: SectionCardProps) => (
  <Card component="section" sx={{ mt: 2 }}>
    <CardHeader
      title={
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
      }
      subheader={subheader}
      action={action}
    />
    <CardContent>
      {isPending ? (
        <Loading />
      ) : error ? (
        <ErrorAlert error={error} />
      ) : empty ? (
        <Typography color="text.secondary">{emptyText}</Typography>
      ) : (
        children
      )}
    </CardContent>
  </Card>
);
