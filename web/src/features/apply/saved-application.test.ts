import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyPreQualificationForm } from '../../../../shared/catalogue/pre-qualification.ts';
import { sampleForm } from '../../../../shared/testing/samples.ts';
import { clearSavedApplication, loadSavedApplication, saveApplication } from './saved-application.ts';

/** Node has no localStorage: a minimal in-memory one stands in for the browser's. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('the saved pre-qualification form', () => {
  beforeEach(() => {
    globalThis.localStorage = memoryStorage();
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('starts empty on the first step when nothing is saved', () => {
    expect(loadSavedApplication()).toEqual({ formData: emptyPreQualificationForm, currentStep: 'PERSONAL' });
  });

  it('restores what was saved under preQualificationForm, and forgets it when cleared', () => {
    saveApplication({ formData: sampleForm, currentStep: 'LOAN' });
    expect(JSON.parse(localStorage.getItem('preQualificationForm') ?? '')).toEqual({
      formData: sampleForm,
      currentStep: 'LOAN',
    });
    expect(loadSavedApplication()).toEqual({ formData: sampleForm, currentStep: 'LOAN' });
    clearSavedApplication();
    expect(localStorage.getItem('preQualificationForm')).toBeNull();
  });

  it('keeps only known fields of the right type from an old or damaged copy', () => {
    localStorage.setItem(
      'preQualificationForm',
      JSON.stringify({
        formData: { firstName: 'Dana', receiveSms: 'yes', annualRevenue: 600000, role: 'admin' },
        currentStep: 'SOMEWHERE',
      }),
    );
    expect(loadSavedApplication()).toEqual({
      formData: { ...emptyPreQualificationForm, firstName: 'Dana' },
      currentStep: 'PERSONAL',
    });
  });

  it('ignores a copy that is not JSON', () => {
    localStorage.setItem('preQualificationForm', '{not json');
    expect(loadSavedApplication().formData).toEqual(emptyPreQualificationForm);
  });
});
