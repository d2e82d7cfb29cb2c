/**
 * Translations on a web page (docs/languages.md): Lingui's runtime over the page's compiled
 * catalogue (build/i18n-catalogues.ts), one file per locale loaded on demand, and the choice of
 * language: the person's own (the switcher, kept in localStorage), else the assessment's, else
 * the browser's, else English. Small on purpose: the respondent page loads it (its budget,
 * docs/decisions/0022-i18n-lingui-runtime.md).
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@tenantry/shared/i18n/locales';
import { storedLocale, storeLocale } from './chosen-locale.ts';
import {
  translator,
  type CompiledCatalogue,
  type Translator,
} from '@tenantry/shared/i18n/translator';

/** A page's catalogue per locale, each its own chunk. */
export type CatalogueLoaders = Record<Locale, () => Promise<{ default: unknown }>>;

export async function loadTranslator<K extends string>(
  loaders: CatalogueLoaders,
  locale: Locale,
): Promise<Translator<K>> {
  const mod = await loaders[locale]();
  return translator<K>(locale, mod.default as CompiledCatalogue);
}

export interface PageI18n<K extends string> {
  tr: Translator<K>;
  t: Translator<K>['t'];
  /** The person's own choice (the switcher, remembered on this device); null: none. */
  chosen: Locale | null;
  /** The switcher: this language from now on, on this device. */
  choose: (locale: Locale) => Promise<void>;
  /** The assessment's language, unless the person chose one. */
  follow: (locale: Locale | null) => Promise<void>;
}

export function createPageI18n<K extends string>(loaders: CatalogueLoaders) {
  const Context = createContext<PageI18n<K> | null>(null);

  function I18nProvider({ initial, children }: { initial: Translator<K>; children: ReactNode }) {
    const [tr, setTr] = useState(initial);
    const [chosen, setChosen] = useState(storedLocale);
    const current = useRef(initial.locale);
    const show = useCallback(async (locale: Locale) => {
      if (current.current === locale) return;
      current.current = locale;
      const next = await loadTranslator<K>(loaders, locale);
      // A later choice won while this one loaded.
      if (current.current === locale) setTr(next);
    }, []);
    useEffect(() => {
      document.documentElement.lang = tr.locale;
    }, [tr.locale]);
    const value = useMemo<PageI18n<K>>(
      () => ({
        tr,
        t: tr.t,
        chosen,
        choose: (locale) => {
          storeLocale(locale);
          setChosen(locale);
          return show(locale);
        },
        follow: (locale) => (locale && !storedLocale() ? show(locale) : Promise.resolve()),
      }),
      [tr, show, chosen],
    );
    return <Context.Provider value={value}>{children}</Context.Provider>;
  }

  function useI18n(): PageI18n<K> {
    const value = useContext(Context);
    if (!value) throw new Error('useI18n outside its I18nProvider');
    return value;
  }

  /** The page's i18n where a component also shows outside it (then null: its English words). */
  function useOptionalI18n(): PageI18n<K> | null {
    return useContext(Context);
  }

  /** A select of the five languages, each named in itself. */
  function LanguageSwitcher({ label }: { label: string }) {
    const { tr, choose } = useI18n();
    return (
      <label className="lang">
        <span className="lang-label">{label}</span>
        <select
          value={tr.locale}
          onChange={(e) => {
            if (isLocale(e.target.value)) void choose(e.target.value);
          }}
        >
          {LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LOCALE_NAMES[l]}
            </option>
          ))}
        </select>
      </label>
    );
  }

  return { I18nProvider, useI18n, useOptionalI18n, LanguageSwitcher };
}

export { rich } from './rich.tsx';
export { browserLanguages, CHOSEN_LOCALE_KEY, storedLocale } from './chosen-locale.ts';
