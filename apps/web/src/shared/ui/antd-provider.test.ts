import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { ANDES_THEME } from './antd-provider.tsx';

type Rgba = [number, number, number, number];

function parse(color: string): Rgba {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  if (short)
    return parse(
      `#${short
        .slice(1)
        .map((d) => d + d)
        .join('')}`,
    );
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (hex) return [Number.parseInt(hex[1] ?? '', 16), Number.parseInt(hex[2] ?? '', 16), Number.parseInt(hex[3] ?? '', 16), 1];
  const rgba = /^rgba?\(([^)]+)\)$/.exec(color.replace(/\s/g, ''));
  if (rgba) {
    const [r = 0, g = 0, b = 0, a = 1] = (rgba[1] ?? '').split(',').map(Number);
    return [r, g, b, a];
  }
  throw new Error(`not a colour: ${color}`);
}

/** `top` painted over the opaque `bottom`. */
const over = (top: Rgba, bottom: Rgba): Rgba => [
  top[0] * top[3] + bottom[0] * (1 - top[3]),
  top[1] * top[3] + bottom[1] * (1 - top[3]),
  top[2] * top[3] + bottom[2] * (1 - top[3]),
  1,
];

function luminance([r, g, b]: Rgba): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2.x contrast ratio of text in `text` on `background` (translucent colours over white). */
function contrast(text: string, background: string): number {
  const bg = over(parse(background), [255, 255, 255, 1]);
  const fg = over(parse(text), bg);
  const [light, dark] = [luminance(fg), luminance(bg)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const AA = 4.5;
/** antd's preset colours (a Tag's `color`). */
const PRESET_COLORS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
];
const token = theme.getDesignToken(ANDES_THEME);
const tag = ANDES_THEME.components?.Tag ?? {};

describe('contrast', () => {
  it('measures the known antd defaults that fail AA', () => {
    expect(contrast('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(contrast('#1677ff', '#f5f5f5')).toBeCloseTo(3.76, 2);
    expect(contrast('rgba(0,0,0,0.25)', '#ffffff')).toBeCloseTo(1.83, 2);
  });
});

describe('ANDES_THEME', () => {
  const surfaces = ['#ffffff', '#f5f5f5', '#fafafa', token.colorBgLayout, token.colorFillTertiary];
  const text = {
    colorPrimary: token.colorPrimary,
    colorPrimaryHover: token.colorPrimaryHover,
    colorLink: token.colorLink,
    colorLinkHover: token.colorLinkHover,
    colorLinkActive: token.colorLinkActive,
    colorText: token.colorText,
    colorTextSecondary: token.colorTextSecondary,
    colorTextTertiary: token.colorTextTertiary,
    colorTextDescription: token.colorTextDescription,
    colorTextPlaceholder: token.colorTextPlaceholder,
    colorTextLabel: token.colorTextLabel,
    colorError: token.colorError,
    colorErrorText: token.colorErrorText,
    colorSuccessText: token.colorSuccessText,
    colorWarningText: token.colorWarningText,
    colorInfoText: token.colorInfoText,
  };

  it.each(Object.entries(text))('draws %s text at 4.5:1 or more on white and the grey surfaces', (_name, color) => {
    for (const surface of surfaces) expect(contrast(color, surface)).toBeGreaterThanOrEqual(AA);
  });

  it('keeps the brand blue for primary and links', () => {
    expect(token.colorPrimary).toBe('#1f5fbf');
    expect(token.colorLink).toBe('#1f5fbf');
  });

  it('puts white text on primary and danger buttons at 4.5:1 or more, hovered too', () => {
    for (const fill of [token.colorPrimary, token.colorPrimaryHover, token.colorPrimaryActive, token.colorError]) {
      expect(contrast(token.colorTextLightSolid, fill)).toBeGreaterThanOrEqual(AA);
    }
  });

  it('colours the text of status tags at 4.5:1 or more on their own backgrounds', () => {
    const tags = [
      { text: tag.colorSuccess ?? token.colorSuccess, background: token.colorSuccessBg },
      { text: tag.colorWarning ?? token.colorWarning, background: token.colorWarningBg },
      { text: token.colorError, background: token.colorErrorBg },
      { text: token.colorInfo, background: token.colorInfoBg },
    ];
    for (const { text: color, background } of tags) expect(contrast(color, background)).toBeGreaterThanOrEqual(AA);
  });

  it('colours the text of preset-colour tags at 4.5:1 or more on their tint', () => {
    const shades = { ...token, ...tag } as unknown as Record<string, string>;
    for (const name of PRESET_COLORS) expect(contrast(shades[`${name}7`] ?? '', shades[`${name}1`] ?? '')).toBeGreaterThanOrEqual(AA);
  });

  it('draws the text antd marks disabled but that carries meaning at 4.5:1 or more (calendar days, empty tables)', () => {
    for (const component of [ANDES_THEME.components?.Calendar, ANDES_THEME.components?.Table]) {
      expect(contrast(component?.colorTextDisabled ?? token.colorTextDisabled, '#ffffff')).toBeGreaterThanOrEqual(AA);
    }
  });

  it('keeps links readable on a chosen table row, under the pointer or not', () => {
    const table = ANDES_THEME.components?.Table;
    for (const background of [
      table?.rowSelectedHoverBg ?? token.controlItemBgActiveHover,
      table?.rowSelectedBg ?? token.controlItemBgActive,
    ]) {
      expect(contrast(token.colorLink, background)).toBeGreaterThanOrEqual(AA);
      expect(contrast(token.colorLinkHover, background)).toBeGreaterThanOrEqual(AA);
    }
  });

  it('keeps the selected menu entry readable on its tint', () => {
    expect(contrast(token.colorPrimary, token.colorPrimaryBg)).toBeGreaterThanOrEqual(AA);
  });
});
