// decisions.md §5: a `country` column (ISO 3166 code or English name) gives the country's main zone;
// unknown values give null.
import { IANAZone } from 'luxon';
import { COUNTRIES, countryKey, countryZone } from '../../src/modules/leads/import/country-zones';

describe('the country table', () => {
  it('covers every ISO 3166-1 country once (249) plus Kosovo, each with a real zone', () => {
    expect(COUNTRIES).toHaveLength(250);
    expect(new Set(COUNTRIES.map((c) => c[0])).size).toBe(250);
    expect(new Set(COUNTRIES.map((c) => c[1])).size).toBe(250);
    for (const [alpha2, alpha3, zone, ...names] of COUNTRIES) {
      expect(alpha2).toMatch(/^[A-Z]{2}$/);
      expect(alpha3).toMatch(/^[A-Z]{3}$/);
      expect(names.length).toBeGreaterThan(0);
      expect({ alpha2, zone, valid: IANAZone.isValidZone(zone) }).toEqual({ alpha2, zone, valid: true });
    }
  });

  it('never lets one code or name stand for two countries', () => {
    const owner = new Map<string, string>();
    for (const [alpha2, alpha3, , ...names] of COUNTRIES) {
      for (const key of new Set([alpha2, alpha3, ...names].map(countryKey))) {
        expect({ key, country: owner.get(key) ?? alpha2 }).toEqual({ key, country: alpha2 });
        owner.set(key, alpha2);
      }
    }
  });
});

describe('countryZone', () => {
  it('reads alpha-2 and alpha-3 codes in any case', () => {
    expect(countryZone('DE')).toBe('Europe/Berlin');
    expect(countryZone('de')).toBe('Europe/Berlin');
    expect(countryZone('DEU')).toBe('Europe/Berlin');
    expect(countryZone('fra')).toBe('Europe/Paris');
    expect(countryZone('JP')).toBe('Asia/Tokyo');
  });

  it('reads English names, official names and everyday names', () => {
    expect(countryZone('Germany')).toBe('Europe/Berlin');
    expect(countryZone('  united states ')).toBe('America/New_York');
    expect(countryZone('United States of America')).toBe('America/New_York');
    expect(countryZone('U.S.A.')).toBe('America/New_York');
    expect(countryZone('UK')).toBe('Europe/London');
    expect(countryZone('England')).toBe('Europe/London');
    expect(countryZone('South Korea')).toBe('Asia/Seoul');
    expect(countryZone('Korea, Republic of')).toBe('Asia/Seoul');
    expect(countryZone('The Netherlands')).toBe('Europe/Amsterdam');
    expect(countryZone('Czechia')).toBe('Europe/Prague');
    expect(countryZone('Kosovo')).toBe('Europe/Belgrade');
  });

  it('ignores accents, punctuation, "&" and "St." spellings', () => {
    expect(countryZone("Côte d'Ivoire")).toBe('Africa/Abidjan');
    expect(countryZone('Cote dIvoire')).toBe('Africa/Abidjan');
    expect(countryZone('Ivory Coast')).toBe('Africa/Abidjan');
    expect(countryZone('Curacao')).toBe('America/Curacao');
    expect(countryZone('Bosnia & Herzegovina')).toBe('Europe/Sarajevo');
    expect(countryZone('St. Lucia')).toBe('America/St_Lucia');
    expect(countryZone('Guinea-Bissau')).toBe('Africa/Bissau');
  });

  it('gives the zone where most people live for countries with several', () => {
    expect(countryZone('US')).toBe('America/New_York');
    expect(countryZone('Canada')).toBe('America/Toronto');
    expect(countryZone('Australia')).toBe('Australia/Sydney');
    expect(countryZone('Brazil')).toBe('America/Sao_Paulo');
    expect(countryZone('Russia')).toBe('Europe/Moscow');
    expect(countryZone('Mexico')).toBe('America/Mexico_City');
    expect(countryZone('China')).toBe('Asia/Shanghai');
    expect(countryZone('Indonesia')).toBe('Asia/Jakarta');
    expect(countryZone('Spain')).toBe('Europe/Madrid');
  });

  it('gives null for anything it does not know', () => {
    expect(countryZone('Atlantis')).toBeNull();
    expect(countryZone('')).toBeNull();
    expect(countryZone('ZZ')).toBeNull();
    expect(countryZone('Europe')).toBeNull();
    expect(countryZone('Germany and France')).toBeNull();
  });
});
