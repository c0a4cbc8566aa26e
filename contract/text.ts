/**
 * Text that people type and other people read (titles, names, descriptions, messages, reviews,
 * reasons): one zod helper that every such field's schema starts from, shared by the forms and
 * the API, so the same characters are refused everywhere with the same words.
 *
 * Refused, because they make text say something other than what it shows or cannot be stored
 * and shown faithfully:
 * - the bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069):
 *   invisible, they reorder what follows, so "evil" can show as "live". Right-to-left text
 *   itself (Arabic, Hebrew) needs none of them and is accepted, as are the plain direction marks
 *   (U+200E, U+200F, U+061C), which change nothing but the side neutral characters stick to;
 * - control characters (C0, DEL and C1), NUL among them; multi-line fields keep line breaks
 *   (`\n`, `\r`) and tabs;
 * - lone surrogates: half of a character (an emoji cut in two), which is not valid Unicode.
 */
import * as z from 'zod';

/** What a text field is called in its messages when the form gives it no label. */
const DEFAULT_LABEL = 'This text';

export const textMessages = (label: string = DEFAULT_LABEL) =>
  ({
    bidiControl: `${label} contains invisible characters that change the direction of the text, which can disguise what it says. Please remove them.`,
    lineBreak: `${label} must be on one line (no line breaks or tabs).`,
    controlCharacter: `${label} contains invisible control characters. Please remove them.`,
    loneSurrogate: `${label} contains a broken character (half of an emoji or symbol). Please type it again.`,
  }) as const;

export type TextProblem = keyof ReturnType<typeof textMessages>;

const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
/** In a `u` regex a surrogate range matches only unpaired halves: a pair is one code point. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * The first reason `value` cannot be kept as typed text, or `undefined` when it can.
 *
 * @example textProblem('Evil\u202Eexe.txt', { multiline: false }) // 'bidiControl'
 */
export const textProblem = (
  value: string,
  { multiline }: { multiline: boolean },
): TextProblem | undefined => {
  if (BIDI_CONTROL.test(value)) return 'bidiControl';
  if (LONE_SURROGATE.test(value)) return 'loneSurrogate';
  if (CONTROL_CHARACTER.test(value)) return 'controlCharacter';
  if (!multiline && LINE_BREAK_OR_TAB.test(value)) return 'lineBreak';
  return undefined;
};

export interface TextOptions {
  /** How the field is named in the messages ("Title", "Your message"); "This text" by default. */
  label?: string;
  /** Line breaks and tabs are kept (descriptions, messages, reviews); single-line otherwise. */
  multiline?: boolean;
  /** The message when the value is not text at all (missing, `null`, a number). */
  error?: string;
}

/**
 * A text field: a trimmed string without the characters above, refused with a message in human
 * words. Chain the field's own rules after it (`.min()`, `.max()`, `.optional()`).
 *
 * @example title: text({ label: 'Title', error: 'Title is required.' }).min(1, 'Title is required.').max(100)
 */
export const text = ({ label, multiline = false, error }: TextOptions = {}) => {
  const messages = textMessages(label);
  return z
    .string(error === undefined ? undefined : { error })
    .trim()
    .superRefine((value, context) => {
      const problem = textProblem(value, { multiline });
      if (problem) context.addIssue({ code: 'custom', message: messages[problem], input: value });
    });
};
