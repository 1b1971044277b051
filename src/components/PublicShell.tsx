import type { ReactNode } from 'react';
import { Loading, useTranslate } from 'react-admin';
import { PublicFrame } from '../signin/PublicFrame';
import { LocalesMenu } from './LocalesMenu';

/** The frame of the public pages (register, reset password, the test, the kit order): a card, the brand, the language menu. */
export const PublicShell = ({
  title,
  children,
  wide = false,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
}) => {
  const translate = useTranslate();
  return (
    <PublicFrame title={title} brand={translate('app.name')} menu={<LocalesMenu />} wide={wide} waiting={<Loading />}>
      {children}
    </PublicFrame>
  );
};
