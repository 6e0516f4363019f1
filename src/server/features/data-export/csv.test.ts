import { parse } from 'csv-parse/sync'
import { describe, expect, test } from 'vitest'
import { csvRecord } from './csv.ts'

/**
 * The CSV's quoting and formula guard (docs/export-format.md#the-csv): a spreadsheet that splits
 * on another separator than the comma (Excel in a locale whose separator is ';', or a tab) must
 * not find a cell that runs as a formula either.
 */

const one = (cell: string) => csvRecord([cell])

describe('csvRecord', () => {
  test.each([
    ['plain text', 'Back squat', 'Back squat'],
    ['a formula at the start', '=SUM(A1)', "'=SUM(A1)"],
    ['each formula character at the start', '+1', "'+1"],
    ['a minus at the start', '-2 reps', "'-2 reps"],
    ['an at sign at the start', '@home', "'@home"],
  ])('%s', (_, cell, written) => {
    expect(one(cell)).toBe(`${written}\r\n`)
  })

  test.each([
    ['a formula after a semicolon', 'x;=1+1;y', `"x;'=1+1;y"`],
    ['every part after a semicolon', '@a;-b;+c;=d', `"'@a;'-b;'+c;'=d"`],
    ['a semicolon with plain parts', 'a;b', '"a;b"'],
    ['a formula after a comma', 'a,=1+1', `"a,'=1+1"`],
    ['a comma with a space after it', '-2 reps, @home +1', `"'-2 reps, @home +1"`],
    ['a formula after a tab', 'a\t=1+1', `"a\t'=1+1"`],
    ['a tab at the start', '\tx', `"'\tx"`],
    ['a tab after a semicolon, then a formula', 'a;\t=1', `"a;'\t'=1"`],
    ['a formula after a line feed', 'a\n=1+1', `"a\n'=1+1"`],
    ['a formula after CRLF', 'a\r\n+1', `"a\r\n'+1"`],
    ['a CR at the start', '\r=1', `"'\r'=1"`],
    ['double quotes', 'Felt "heavy"', `"Felt ""heavy"""`],
    ['a formula after a semicolon, with quotes', 'a;="x"', `"a;'=""x"""`],
  ])('quotes %s', (_, cell, written) => {
    expect(one(cell)).toBe(`${written}\r\n`)
  })

  test('numbers, booleans and empty cells are written as they are', () => {
    expect(csvRecord([1, -2.5, true, false, null, undefined, ''])).toBe('1,-2.5,true,false,,,\r\n')
  })

  test('the fields read back whole with an RFC 4180 reader, one per cell', () => {
    const cells = ['x;=1+1;y', 'a,b', 'line one\r\nline two', 'say "hi"', '\t@x']
    const [read] = parse(csvRecord(cells), { relax_quotes: false }) as string[][]
    expect(read).toEqual(["x;'=1+1;y", 'a,b', 'line one\r\nline two', 'say "hi"', "'\t'@x"])
  })

  test('no cell starts with a formula character when the record is split on semicolons or tabs', () => {
    const cells = ['x;=1+1;y', 'a\t+1', '@x', 'ok;-1', 'n\n=2']
    const record = csvRecord(cells)
    for (const separator of [';', '\t', '\n']) {
      for (const part of record.split(separator)) expect(part, JSON.stringify(part)).not.toMatch(/^[=+\-@\t\r]/)
    }
  })
})
