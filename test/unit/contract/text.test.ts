/** The shared text helper: what typed text may hold, and the words a refusal uses. */
import { describe, expect, it } from 'vitest';
import { text, textMessages, textProblem } from '../../../contract/text';

const messages = textMessages('Title');
const title = text({ label: 'Title', error: 'Title is required.' })
  .min(1, 'Title is required.')
  .max(100, 'Title is too long.');
const description = text({ label: 'Description', multiline: true }).max(2_000);

const refusal = (schema: typeof title, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

const BIDI_CONTROLS = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

describe('text', () => {
  it.each(
    BIDI_CONTROLS.map((control) => [control.codePointAt(0)!.toString(16).toUpperCase(), control]),
  )('refuses the bidirectional control U+%s', (_code, control) => {
    const value = `Invoice ${control}fdp.exe`;
    expect(refusal(title, value)).toBe(messages.bidiControl);
    expect(refusal(description, value)).toBe(textMessages('Description').bidiControl);
  });

  it('refuses "evil" written to show as "live"', () => {
    expect(refusal(title, '\u202Elive')).toBe(messages.bidiControl);
  });

  it.each([
    ['NUL', '\u0000'],
    ['bell', '\u0007'],
    ['backspace', '\u0008'],
    ['vertical tab', '\u000B'],
    ['form feed', '\u000C'],
    ['escape', '\u001B'],
    ['unit separator', '\u001F'],
    ['DEL', '\u007F'],
    ['C1 next line', '\u0085'],
    ['C1 CSI', '\u009B'],
  ])('refuses the control character %s, on one line or several', (_name, control) => {
    expect(refusal(title, `Ann${control}a`)).toBe(messages.controlCharacter);
    expect(refusal(description, `Line one${control}\nLine two`)).toBe(
      textMessages('Description').controlCharacter,
    );
  });

  it.each([
    ['a lone high surrogate', 'Party \uD83C time'],
    ['a lone low surrogate', 'Party \uDF89 time'],
    ['a pair in the wrong order', 'Party \uDF89\uD83C time'],
    ['a high surrogate at the end', 'Party \uD83C'],
  ])('refuses %s', (_name, value) => {
    expect(refusal(title, value)).toBe(messages.loneSurrogate);
    expect(refusal(description, value)).toBe(textMessages('Description').loneSurrogate);
  });

  it('keeps line breaks and tabs in multi-line text only', () => {
    expect(description.parse('First line\r\nSecond\tline\n')).toBe('First line\r\nSecond\tline');
    expect(refusal(title, 'First line\nSecond line')).toBe(messages.lineBreak);
    expect(refusal(title, 'First\tSecond')).toBe(messages.lineBreak);
    // Surrounding white space is trimmed before the check.
    expect(title.parse('  Pasted title\n')).toBe('Pasted title');
  });

  it.each([
    ['Arabic', 'قالب متجر إلكتروني'],
    ['Hebrew', 'תבנית לחנות מקוונת'],
    ['Hebrew with a right-to-left mark', 'מחיר\u200F: 40 ₪'],
    ['Arabic with an Arabic letter mark', 'السعر\u061C 40'],
    ['mixed directions with a left-to-right mark', 'Starter \u200Eעברית and English'],
    ['emoji, with joiners and skin tones', 'Launch 🚀 team 👩🏽‍💻👨‍👩‍👧 🇬🇧'],
    ['Chinese', '电子商务入门模板'],
    ['Japanese', 'スターターテンプレート'],
    ['Korean', '스타터 템플릿'],
    ['Devanagari', 'स्टार्टर टेम्पलेट'],
    ['accents and symbols', 'Zoë’s café — “naïve” £129 € ¥ ©'],
    ['mathematical letters outside the basic plane', '𝒯𝑒𝓂𝓅𝓁𝒶𝓉𝑒'],
  ])('accepts %s unchanged', (_name, value) => {
    expect(title.parse(value)).toBe(value);
    expect(description.parse(value)).toBe(value);
  });

  it('says what is wrong in human words, with the field’s name or a default', () => {
    expect(textMessages().bidiControl).toMatch(/^This text contains invisible characters/);
    expect(messages.lineBreak).toBe('Title must be on one line (no line breaks or tabs).');
    for (const message of Object.values(messages)) expect(message).not.toMatch(/U\+|\\u/);
  });

  it('keeps the field’s own rules and its message for a value that is not text', () => {
    expect(refusal(title, null)).toBe('Title is required.');
    expect(refusal(title, 42)).toBe('Title is required.');
    expect(refusal(title, '   ')).toBe('Title is required.');
    expect(refusal(title, 'x'.repeat(101))).toBe('Title is too long.');
  });

  it('names the first problem of a value that has several', () => {
    expect(textProblem('\u0000\u202E', { multiline: true })).toBe('bidiControl');
    expect(textProblem('\uD800\u0000', { multiline: true })).toBe('loneSurrogate');
    expect(textProblem('fine', { multiline: false })).toBeUndefined();
  });
});
