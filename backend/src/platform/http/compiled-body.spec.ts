import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { compileBody } from './compiled-body';

class Inner {
  @IsString()
  @MaxLength(3)
  code: string;
}

class Outer {
  @IsString()
  name: string;

  @IsOptional()
  @IsInt()
  age?: number;

  @ValidateIf((o: Outer) => o.name === 'med kode')
  @IsString()
  extra?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => Inner)
  inner?: Inner;
}

class Each {
  @IsString({ each: true })
  tags: string[];
}

class Grouped {
  @IsString({ groups: ['admin'] })
  name: string;
}

class TypedOnly {
  @IsOptional()
  @Type(() => Inner)
  inner?: Inner;
}

describe('compileBody', () => {
  const outer = compileBody(Outer)!;

  it('accepts a body every rule passes, as the DTO with its nested DTO', () => {
    const dto = outer({ name: 'Ola', age: 40, inner: { code: 'abc' } });
    expect(dto).toBeInstanceOf(Outer);
    expect((dto as Outer).inner).toBeInstanceOf(Inner);
    expect(dto).toEqual({ name: 'Ola', age: 40, inner: { code: 'abc' } });
    // ValidateIf and IsOptional conditions are the DTO's own.
    expect(outer({ name: 'uten kode', extra: 5 })).not.toBeNull();
    expect(outer({ name: 'med kode', extra: 5 })).toBeNull();
  });

  it('leaves everything else to the pipe: a failed rule, an unknown field, a shape it does not model', () => {
    for (const body of [
      { name: 7 },
      {},
      { name: 'Ola', admin: true },
      { name: 'Ola', inner: { code: 'abcd' } },
      { name: 'Ola', inner: { code: 'abc', x: 1 } },
      { name: 'Ola', inner: 'abc' },
      { name: 'Ola', inner: [{ code: 'a' }] },
      { name: 'Ola', age: null },
      { name: 'a\ud800' },
      [],
      null,
      'Ola',
    ])
      expect([body, outer(body)]).toEqual([body, null]);
  });

  it('is not made for a DTO whose rules it does not model (each, groups, a type without validation)', () => {
    expect(compileBody(Each)).toBeNull();
    expect(compileBody(Grouped)).toBeNull();
    expect(compileBody(TypedOnly)).toBeNull();
  });
});
