// The drawing alone, on report data made here (no database): hostile text, long blocks, empty
// parts. pdftotext (poppler-utils) reads the pages back when it is installed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReportData, ReportQuestion, ReportSection } from '../reports.data.ts';
import { dayOf, percent } from './document.ts';
import { renderReportPdf } from './render.ts';

const HAS_PDFTOTEXT = spawnSync('pdftotext', ['-v']).status === 0;

function pagesOf(pdf: Buffer): string[] {
  const out = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf });
  expect(out.status, out.stderr.toString()).toBe(0);
  return out.stdout
    .toString('utf8')
    .split('\f')
    .filter((p, i, all) => i < all.length - 1 || p.trim());
}

function question(key: string, over: Partial<ReportQuestion> = {}): ReportQuestion {
  return {
    key,
    title: `Question ${key}`,
    answer: 'Yes',
    answered: true,
    na: false,
    score: 1,
    gap: false,
    note: '',
    answeredBy: 'Ann Example',
    answeredAt: '2026-11-20T10:00:00.000Z',
    sinceLastPeriod: null,
    lastPeriodAnswer: null,
    evidence: [],
    ...over,
  };
}

function data(sections: ReportSection[], over: Partial<ReportData> = {}): ReportData {
  return {
    generatedAt: new Date('2026-11-26T08:00:00Z'),
    account: { name: 'Northwind Advisory', logoPng: null, color: null },
    tenant: { name: 'Acme' },
    assessment: {
      name: 'Review',
      status: 'In progress',
      framework: 'Sample',
      version: 2,
      owner: null,
      createdAt: '2026-11-01T08:00:00.000Z',
      startedAt: null,
      completedAt: null,
      dueDate: '2026-12-31',
      lastAnswerAt: null,
    },
    summary: {
      score: 0.5,
      completion: 0.5,
      answered: 1,
      total: 2,
      gaps: 0,
      gapsWithTask: 0,
      provisional: true,
      baseline: { kind: 'none' },
      sinceLastPeriod: null,
    },
    sections,
    gaps: [],
    ...over,
  };
}

const section = (key: string, questions: ReportQuestion[], depth = 0): ReportSection => ({
  key,
  title: `Section ${key}`,
  depth,
  score: 0.5,
  target: 0.8,
  answered: questions.length,
  total: questions.length,
  baselineScore: null,
  questions,
});

describe('the drawing of a report', () => {
  it('formats scores and days', () => {
    expect(percent(0.4949)).toBe('49 %');
    expect(percent(null)).toBe('—');
    expect(dayOf('2026-12-31')).toBe('31 Dec 2026');
    expect(dayOf('2026-11-20T23:30:00.000Z')).toBe('20 Nov 2026');
    expect(dayOf(null)).toBe('—');
  });

  it('survives any text: lone surrogates, controls, bidi, combining marks, emoji, huge words', async () => {
    const hostile = [
      '\ud800\udfff\udc00 lone',
      'ctrl \u0000\u0001\u001f\u007f\u0085 end',
      'bidi \u202eabc\u202c \u2067x\u2069',
      'שלום עולם مرحبا',
      'Z\u0351\u0352\u0353a\u0300\u0301\u0302lgo',
      '👨‍👩‍👧‍👦 family 🏳️‍🌈 flag 1️⃣ keycap',
      'x'.repeat(12_000),
      '\n'.repeat(400),
      '中文 日本語 한국어',
    ];
    const questions = hostile.map((s, i) =>
      question(`Q${i}`, { title: s.slice(0, 500), answer: s, note: s }),
    );
    const pdf = await renderReportPdf(
      data([section('A', questions)], {
        account: { name: hostile[5]!, logoPng: Buffer.from('not a png'), color: null },
        tenant: { name: hostile[3]! },
        assessment: { ...data([]).assessment, name: hostile[0]! + hostile[6]!.slice(0, 300) },
        gaps: questions.map((q, i) => ({
          key: q.key,
          title: hostile[i]!,
          sectionTitle: hostile[(i + 1) % hostile.length]!,
          score: 0,
          target: null,
          answer: hostile[i]!,
          task: {
            title: hostile[i]!.slice(0, 200),
            status: 'todo',
            statusLabel: 'To do',
            assignee: hostile[3]!,
            dueDate: '2026-01-01',
            overdue: true,
          },
        })),
      }),
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const out = process.env.REPORTS_TEST_OUT; // to look at it (docs/reports.md)
    if (out) {
      mkdirSync(out, { recursive: true });
      writeFileSync(path.join(out, 'hostile.pdf'), pdf);
    }
    if (!HAS_PDFTOTEXT) return;
    const pages = pagesOf(pdf);
    expect(pages.join('')).toContain('lone');
    // No page holds only its footer.
    for (const [i, p] of pages.entries()) {
      const body = p.replace(/.*Page \d+ of \d+.*/g, '').trim();
      expect(body.length, `page ${i + 1} is empty`).toBeGreaterThan(0);
    }
  });

  it('reports its progress, rising to the end, and draws an empty assessment', async () => {
    const seen: number[] = [];
    const many = Array.from({ length: 60 }, (_, i) => question(`Q${i}`));
    await renderReportPdf(data([section('A', many.slice(0, 30)), section('B', many.slice(30))]), {
      onProgress: (p) => {
        seen.push(p);
      },
    });
    expect(seen.length).toBeGreaterThan(4);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBeCloseTo(0.97);
    const empty = await renderReportPdf(
      data([section('A', []), section('A.1', [], 1)], {
        summary: { ...data([]).summary, score: null, completion: null, answered: 0 },
      }),
    );
    if (!HAS_PDFTOTEXT) return;
    const text = pagesOf(empty).join('\n');
    expect(text).toContain('No question has a score yet.');
    expect(text).toContain('No gaps');
    expect(text).toContain('No questions of its own in this assessment.');
  });

  it('says what changed since the previous period and what was confirmed unchanged', async () => {
    const pdf = await renderReportPdf(
      data(
        [
          section('A', [
            question('Q1', { sinceLastPeriod: 'confirmed' }),
            question('Q2', { answer: 'No', sinceLastPeriod: 'changed', lastPeriodAnswer: 'Yes' }),
            question('Q3', { answered: false, answer: '', sinceLastPeriod: 'to_confirm' }),
          ]),
        ],
        {
          summary: {
            ...data([]).summary,
            sinceLastPeriod: { confirmed: 1, changed: 1, toConfirm: 1 },
          },
        },
      ),
    );
    if (!HAS_PDFTOTEXT) return;
    const text = pagesOf(pdf).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain(
      'Since the previous period, 1 answer was confirmed unchanged and 1 changed; 1 carried answer is not confirmed yet.',
    );
    expect(text).toContain('Confirmed unchanged since last period');
    expect(text).toContain('Changed since last period (was Yes)');
    expect(text).toContain('Last period’s answer not confirmed');
  });
});
