import { Fragment, type ReactNode } from 'react';

/**
 * Short facts on one line, separated by " · ", each in its own <bdi> so that
 * a Latin name beside an Arabic date keeps its order in either direction.
 */
export const DotList = ({ parts }: { parts: readonly (ReactNode | null | undefined | false)[] }) => (
  <>
    {parts
      .filter((p) => p !== null && p !== undefined && p !== false && p !== '')
      .map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? ' · ' : null}
          <bdi>{part}</bdi>
        </Fragment>
      ))}
  </>
);
