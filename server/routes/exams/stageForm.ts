import type { FastifyRequest } from 'fastify';
import { UPLOAD_LIMIT_BYTES } from '../../../domain/codes';
import { MAX_ANSWERS_PER_QUESTION, MAX_ITEMS } from '../../../domain/exams';
import { badRequest } from '../../errors';
import type { StageForm } from '../../services/stageSubmission';

const ITEM_FIELD = /^items\[(\d{1,3})\]\[([a-z_]{1,30})\](?:\[\d*\])?$/;
const LIST_FIELD = /^([a-z_]{1,30})(?:\[\d*\])$/;
const PLAIN_FIELD = /^[a-z_]{1,30}$/;

const MAX_FIELDS = MAX_ITEMS * 8 + MAX_ANSWERS_PER_QUESTION * 2 + 20;

/** Adds one text field to the form by its name's shape; unknown shapes are bad input. */
export function addField(form: StageForm, name: string, value: string): void {
  const item = ITEM_FIELD.exec(name);
  if (item) {
    const n = Number(item[1]);
    if (n >= MAX_ITEMS) throw badRequest('app.errors.badRequest', { items: 'app.validation.tooLong' });
    const fields = form.items.get(n) ?? {};
    (fields[item[2]] ??= []).push(value);
    form.items.set(n, fields);
    return;
  }
  const list = LIST_FIELD.exec(name);
  if (list) {
    (form.lists[list[1]] ??= []).push(value);
    return;
  }
  if (PLAIN_FIELD.test(name)) {
    // a plain name given twice is a list too (answer=a&answer=b)
    if (name in form.fields) (form.lists[name] ??= [form.fields[name]]).push(value);
    else form.fields[name] = value;
    return;
  }
  throw badRequest('app.errors.badRequest', { [name.slice(0, 40)]: 'app.validation.invalid' });
}

/**
 * Reads the whole multipart body: at most two files (img, model) of 20 MB
 * each (413 beyond), every field. A JSON body is accepted too (no files),
 * with items as an array of objects.
 */
export async function readStageForm(request: FastifyRequest): Promise<StageForm> {
  const form: StageForm = { fields: {}, lists: {}, items: new Map() };
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(body)) {
      if (k === 'items' && Array.isArray(v)) {
        v.slice(0, MAX_ITEMS + 1).forEach((item, n) => {
          if (item && typeof item === 'object') {
            for (const [f, x] of Object.entries(item)) {
              for (const one of Array.isArray(x) ? x : [x]) addField(form, `items[${n}][${f}]`, String(one));
            }
          }
        });
      } else if (Array.isArray(v)) v.forEach((x) => addField(form, `${k}[]`, String(x)));
      else if (v !== null && v !== undefined && typeof v !== 'object') addField(form, k, String(v));
    }
    return form;
  }
  try {
    const parts = request.parts({
      limits: { files: 2, fields: MAX_FIELDS, fileSize: UPLOAD_LIMIT_BYTES, fieldSize: 64 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (!data.length) continue;
        if (part.fieldname === 'img' || part.fieldname === 'image') form.img = data;
        else if (part.fieldname === 'model') form.model = data;
        else throw badRequest('app.errors.badRequest', { [part.fieldname.slice(0, 40)]: 'app.validation.invalid' });
      } else {
        addField(form, part.fieldname, String(part.value));
      }
    }
  } catch (error) {
    // too large or too many parts keep their 413; our own refusals keep theirs; a malformed body is bad input
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw badRequest();
  }
  return form;
}
