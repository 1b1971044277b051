import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type TranslateFunction, useTranslate } from 'react-admin';
import { translateGendered } from '../../domain/gender';

/**
 * Texts addressed to a child in the child's grammatical gender (domain/gender.ts):
 * a page that knows its learner wraps itself in <LearnerGenderProvider>, and
 * its parts translate with useTranslateFor(), which reads `<key>_female` for a
 * girl and `<key>_male` for a boy when the locale has that variant, else the
 * key itself. Arabic gives the variants ("ارسم" / "ارسمي"); the other locales
 * repeat the text where their grammar does not change (the key sets stay equal).
 */
const LearnerGender = createContext<number | null | undefined>(undefined);

export const LearnerGenderProvider = ({
  gender,
  children,
}: {
  gender: number | null | undefined;
  children: ReactNode;
}) => <LearnerGender.Provider value={gender}>{children}</LearnerGender.Provider>;

/** A translate function for texts addressed to (or about) a learner: of `gender`, else the page's learner. */
export const useTranslateFor = (gender?: number | null): TranslateFunction => {
  const translate = useTranslate();
  const pageGender = useContext(LearnerGender);
  const chosen = gender === undefined ? pageGender : gender;
  return useMemo<TranslateFunction>(() => translateGendered(translate, chosen), [translate, chosen]);
};
