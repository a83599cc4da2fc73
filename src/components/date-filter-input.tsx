import { Box, Group, IconButton, Input, type InputProps } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { isCalendarDate } from '../domain/primitives';
import { CalendarIcon } from './icons';

/** 'YYYY-MM-DD' as 'dd/mm/yyyy'. */
const dmy = (iso: string) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

/** What she typed, as 'YYYY-MM-DD': dd/mm/yyyy (also d/m/yyyy, with - or .), or an ISO date pasted in. */
export function parseDmy(text: string): string | null {
  const t = text.trim();
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(t) ? t : null;
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  const out = iso ?? (m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : null);
  return out && isCalendarDate(out) ? out : null;
}

type Props = Omit<InputProps, 'value' | 'onChange' | 'min' | 'max' | 'type'> & {
  /** 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** A whole date typed or picked ('YYYY-MM-DD'), or '' when she empties the field. */
  onChange: (iso: string) => void;
  min?: string;
  max?: string;
  /** What the date is ("Mulai"), for the calendar button's name. */
  label: string;
};

/**
 * A date filter that reads dd/mm/yyyy, as dates are written in Indonesia, whatever the browser's own
 * language: a native date field draws the browser's order (mm/dd/yyyy in an English Chromium). She types
 * dd/mm/yyyy, or opens the browser's own calendar with the button beside it. A date outside min/max, or
 * not a date, is not passed on; leaving the field shows the date in force again.
 */
export function DateFilterInput({ value, onChange, min, max, label, size = 'sm', ...rest }: Props) {
  // What she is typing while the field has focus; otherwise the date in force.
  const [text, setText] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  const take = (iso: string | null) => {
    if (iso === null) return;
    if ((min && iso < min) || (max && iso > max)) return;
    if (iso !== value) onChange(iso);
  };

  return (
    <Box position="relative" w="full">
      <Group attached w="full">
        <Input
          {...rest}
          size={size}
          inputMode="numeric"
          placeholder="dd/mm/yyyy"
          autoComplete="off"
          value={text ?? dmy(value)}
          onFocus={() => setText(dmy(value))}
          onBlur={() => setText(null)}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim() === '') onChange('');
            else take(parseDmy(e.target.value));
          }}
        />
        <IconButton
          size={size}
          variant="outline"
          aria-label={`Pilih ${label} dari kalender`}
          onClick={() => {
            const el = picker.current;
            if (!el) return;
            try {
              el.showPicker();
            } catch {
              el.focus();
            }
          }}
        >
          <CalendarIcon />
        </IconButton>
      </Group>
      {/* The browser's calendar, opened by the button; its own text is never shown. */}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        value={value}
        min={min}
        max={max}
        onChange={(e) => take(e.target.value || null)}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none', bottom: 0, right: 0 }}
      />
    </Box>
  );
}
