import { isApiPath, normalisedPath } from './route-path';

describe('normalisedPath', () => {
  it.each([
    ['/api/leads', '/api/leads'],
    ['/api/leads?x=1', '/api/leads'],
    ['//api//leads', '/api/leads'],
    ['/%61pi/le%61ds', '/api/leads'],
    ['/api/./leads', '/api/leads'],
    ['/x/../api/leads', '/api/leads'],
    ['/api/%2e/leads', '/api/leads'],
    ['/../../api/leads', '/api/leads'],
    ['/api/leads/', '/api/leads/'],
    ['//api/leads//', '/api/leads/'],
    ['/API/leads', '/API/leads'],
    ['/%E0%A4%A', '/%E0%A4%A'],
  ])('%s → %s', (url, path) => {
    expect(normalisedPath(url)).toBe(path);
  });
});

describe('isApiPath', () => {
  it('is /api and what is under it', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/api/leads')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
    expect(isApiPath('/')).toBe(false);
  });
});
