import { parseIds } from './progress.service';

describe('parseIds (the stored list of completed modules)', () => {
  it('reads arrays and JSON text, keeping integers once', () => {
    expect(parseIds([3, 1, 3])).toEqual([3, 1]);
    expect(parseIds('[1,2,2]')).toEqual([1, 2]);
  });

  it('tolerates a hand-edited or broken value', () => {
    expect(parseIds(null)).toEqual([]);
    expect(parseIds('')).toEqual([]);
    expect(parseIds('{"a":1}')).toEqual([]);
    expect(parseIds('[1,"2",1.5,null,4]')).toEqual([1, 4]);
    expect(parseIds('not json')).toEqual([]);
  });
});
