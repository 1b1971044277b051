import { randomInt } from 'node:crypto';
import { ageOn, fitsAgeGroup } from '../../domain/codes';
import { messageText, type MessageKey } from '../../domain/messages';
import { AppError } from '../errors';

/** Shared rules of the teaching workflows (docs/api/teaching.md). */

/** 400 on `user_id` unless the child's age fits the age group (5 or none: every age). */
export function checkAgeGroup(ageGroup: number | null, birthdate: string | null) {
  if (birthdate && !fitsAgeGroup(ageGroup, ageOn(birthdate))) {
    throw new AppError(400, 'app.teaching.ageGroupMismatch', { user_id: 'app.teaching.ageGroupMismatch' });
  }
}

/** `{message, key}` for a message key. */
export const said = (key: MessageKey) => ({ message: messageText(key), key });

/** Letters and digits without look-alikes (no I, O, 0, 1). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random code of `length` characters from ALPHABET (promo codes, certificate codes). */
export const randomCode = (length: number) =>
  Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
