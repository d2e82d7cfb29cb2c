import {
  ACCOUNT_PERMISSION_NAMES,
  type FrameworkDetail,
  type FrameworkDocument,
} from '@tenantry/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '#web/lib/analytics.ts';
import { USER, jsonResponse } from '#web/test/fixtures.ts';
import { renderApp, type ExtraRoutes } from '#web/test/render-app.tsx';

// The real editor is a lazily loaded chunk of its own; a textarea stands in for it.
vi.mock('#web/components/markdown/MarkdownEditor.tsx', () => ({
  MarkdownEditor: ({
    label,
    value,
    onChange,
  }: {
    label: string;
    value: string;
    onChange: (v: string) => void;
  }) => (
    <label>
      {label}
      <textarea value={value} onChange={(e) => onChange(e.currentTarget.value)} />
    </label>
  ),
}));

const T = { timeout: 5_000 };

const ACCOUNT = {
  id: 'acc1',
  name: 'Northwind Consulting',
  logoUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  role: 'owner',
  permissions: ACCOUNT_PERMISSION_NAMES,
  tenantAccessLimited: false,
};

const common = {
  description: '',
  guidance: '',
  weight: 1,
  tags: [],
  naAllowed: false,
  playbooks: [],
};

const DRAFT: FrameworkDocument = {
  format: 'tenantry.framework/1',
  key: 'demo',
  name: 'Demo framework',
  summary: '',
  description: '',
  tags: [],
  source: { publisher: '', url: '', license: '' },
  sections: [
    {
      key: 'GV',
      title: 'Govern',
      description: '',
      guidance: '',
      weight: 1,
      tags: [],
      target: 0.8,
      questions: [
        { ...common, key: 'GV-01', title: 'Is there a policy?', type: 'yes_no' },
        {
          ...common,
          key: 'GV-02',
          title: 'How are backups tested?',
          type: 'single_choice',
          options: [
            { key: 'a', label: 'Restored monthly', score: 1 },
            { key: 'b', label: 'Never', score: 0.25 },
          ],
        },
      ],
      sections: [
        {
          key: 'GV.OC',
          title: 'Context',
          description: '',
          guidance: '',
          weight: 1,
          tags: [],
          target: null,
          questions: [
            {
              ...common,
              key: 'GV.OC-01',
              title: 'Days to patch',
              type: 'number',
              unit: 'days',
              bands: [
                { min: 0, score: 0 },
                { min: 10, score: 0.5 },
                { min: 20, score: 1 },
              ],
            },
          ],
          sections: [],
        },
      ],
    },
    {
      key: 'ID',
      title: 'Identify',
      description: '',
      guidance: '',
      weight: 1,
      tags: [],
      target: null,
      questions: [
        {
          ...common,
          key: 'ID-01',
          title: 'Asset inventory',
          type: 'maturity',
          levels: ['None', 'Ad hoc', 'Repeatable', 'Defined', 'Managed', 'Optimised'],
        },
      ],
      sections: [],
    },
  ],
};

const DETAIL: FrameworkDetail = {
  id: 'f1',
  key: 'demo',
  scope: 'private',
  name: 'Demo framework',
  summary: '',
  tags: [],
  latestVersion: 2,
  publishedAt: '2026-02-01T10:00:00.000Z',
  questionCount: 4,
  hasDraftChanges: true,
  archivedAt: null,
  updatedAt: '2026-03-01T10:00:00.000Z',
  draft: DRAFT,
  draftRevision: 4,
  draftUpdatedAt: '2026-03-01T10:00:00.000Z',
  draftUpdatedBy: 'Robin Park',
  versions: [
    {
      version: 1,
      releaseNotes: 'First.',
      publishedAt: '2026-01-01T10:00:00.000Z',
      publishedBy: 'Robin Park',
      questionCount: 3,
    },
    {
      version: 2,
      releaseNotes: 'More.',
      publishedAt: '2026-02-01T10:00:00.000Z',
      publishedBy: 'Robin Park',
      questionCount: 4,
    },
  ],
  usedKeys: [
    { key: 'GV', kind: 'section', title: 'Govern', version: 2 },
    { key: 'GV-01', kind: 'question', title: 'Is there a policy?', version: 2 },
  ],
  upstream: null,
  translations: [],
};

interface Server {
  routes: ExtraRoutes;
  saved: Array<{ revision: number; document: FrameworkDocument; sameQuestions?: string[] }>;
}

function server(over: ExtraRoutes = {}): Server {
  const saved: Server['saved'] = [];
  const routes: ExtraRoutes = {
    'GET /api/v1/account': () => jsonResponse(ACCOUNT),
    'GET /api/v1/content/frameworks/f1': () => jsonResponse(DETAIL),
    'GET /api/v1/content/playbooks': () => jsonResponse({ items: [], total: 0 }),
    'GET /api/v1/library/playbooks': () => jsonResponse({ items: [], total: 0 }),
    'PUT /api/v1/content/frameworks/f1/draft': (init) => {
      const body = JSON.parse(String(init?.body)) as Server['saved'][number];
      saved.push(body);
      return jsonResponse({ ...DETAIL, draft: body.document, draftRevision: body.revision + 1 });
    },
    ...over,
  };
  return { routes, saved };
}

async function openEditor(s: Server = server()) {
  const view = renderApp('/contentAdmin/frameworks/f1', USER, { routes: s.routes });
  await screen.findByRole('heading', { level: 2, name: 'Demo framework' }, T);
  return view;
}

const tree = () => within(screen.getByRole('navigation', { name: 'Framework structure' }));
/** The keys in the tree, top to bottom. */
const treeKeys = () =>
  tree()
    .getAllByRole('button')
    .map((b) => b.getAttribute('data-node-ref') && b.textContent)
    .filter(Boolean);
const pick = (name: RegExp | string) => userEvent.click(tree().getByRole('button', { name }));
const pane = (name: string) => within(screen.getByRole('region', { name }));

async function choose(
  label: string,
  option: string,
  scope: Pick<typeof screen, 'queryByRole' | 'getByRole'> = screen,
) {
  const input =
    scope.queryByRole('combobox', { name: label }) ?? scope.getByRole('textbox', { name: label });
  await userEvent.click(input);
  // The dropdown is still fading in: its options count as hidden until then.
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

function allKeys(doc: FrameworkDocument): string[] {
  const out: string[] = [];
  const walk = (list: FrameworkDocument['sections']) => {
    for (const s of list) {
      out.push(s.key, ...s.questions.map((q) => q.key));
      walk(s.sections);
    }
  };
  walk(doc.sections);
  return out;
}

describe('framework editor', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await analytics.flush();
  });
  afterEach(async () => {
    await analytics.flush();
    vi.unstubAllGlobals();
  });

  it('shows the draft state and the tree with keys', async () => {
    await openEditor();
    expect(screen.getByLabelText('Draft state').textContent).toBe('Draft (changes since v2)');
    expect(treeKeys()).toEqual([
      'GV Govern',
      'GV-01 Is there a policy?',
      'GV-02 How are backups tested?',
      'GV.OC Context',
      'GV.OC-01 Days to patch',
      'ID Identify',
      'ID-01 Asset inventory',
    ]);
    await userEvent.click(tree().getByRole('button', { name: 'Collapse GV' }));
    expect(treeKeys()).toEqual(['GV Govern', 'ID Identify', 'ID-01 Asset inventory']);
  });

  it('adds, moves and deletes sections and questions, keeping every key unique', async () => {
    const s = server();
    await openEditor(s);
    await pick(/^GV Govern/);
    const section = pane('Section GV');
    await userEvent.click(section.getByRole('button', { name: 'Add question' }));
    // The new question is selected, with a new key.
    expect(await screen.findByRole('region', { name: 'Question GV-03' })).toBeTruthy();
    await userEvent.click(pane('Question GV-03').getByRole('button', { name: 'Move up' }));
    await pick(/^GV Govern/);
    await userEvent.click(pane('Section GV').getByRole('button', { name: 'Add sub-section' }));
    expect(await screen.findByRole('region', { name: 'Section GV.2' })).toBeTruthy();

    // GV-01 moves into ID, at its end.
    await pick(/^GV-01/);
    await userEvent.click(pane('Question GV-01').getByRole('button', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move question GV-01' });
    await choose('Into', 'ID — Identify', within(dialog));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // GV.OC goes, with its question, after a confirmation.
    await pick(/^GV\.OC Context/);
    await userEvent.click(pane('Section GV.OC').getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete section GV.OC?' });
    expect(confirm.textContent).toContain('with its 1 question');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete section' }));

    expect(treeKeys()).toEqual([
      'GV Govern',
      'GV-03 New question',
      'GV-02 How are backups tested?',
      'GV.2 New section',
      'ID Identify',
      'ID-01 Asset inventory',
      'GV-01 Is there a policy?',
    ]);

    // Ctrl+S saves the whole document on the draft's revision.
    fireEvent.keyDown(document.documentElement, { key: 's', code: 'KeyS', ctrlKey: true });
    await waitFor(() => expect(s.saved).toHaveLength(1));
    const [body] = s.saved;
    expect(body?.revision).toBe(4);
    const keys = allKeys(body!.document);
    expect(keys).toEqual(['GV', 'GV-03', 'GV-02', 'GV.2', 'ID', 'ID-01', 'GV-01']);
    expect(new Set(keys).size).toBe(keys.length);
    expect(await screen.findByText('Draft saved.')).toBeTruthy();
  });

  it('never gives a new question a key a published version used; reusing one asks whether it is the same question', async () => {
    // GV-03 was "Is MFA enforced?" in version 1, deleted since.
    const retired: FrameworkDetail = {
      ...DETAIL,
      usedKeys: [
        ...DETAIL.usedKeys,
        { key: 'GV-03', kind: 'question', title: 'Is MFA enforced?', version: 1 },
      ],
    };
    const s = server({ 'GET /api/v1/content/frameworks/f1': () => jsonResponse(retired) });
    await openEditor(s);
    await pick(/^GV Govern/);
    await userEvent.click(pane('Section GV').getByRole('button', { name: 'Add question' }));
    expect(await screen.findByRole('region', { name: 'Question GV-04' })).toBeTruthy();
    expect(pane('Question GV-04').queryByText(/was used in version/)).toBeNull();

    // Typed by hand, the retired key is flagged, and the author may say it is the same question.
    const key = pane('Question GV-04').getByRole('textbox', { name: 'Key' });
    await userEvent.clear(key);
    await userEvent.type(key, 'GV-03');
    const question = await screen.findByRole('region', { name: 'Question GV-03' });
    expect(within(question).getByText('“GV-03” was used in version 1')).toBeTruthy();
    await userEvent.click(
      within(question).getByRole('checkbox', {
        name: 'This is the same question as “Is MFA enforced?” in version 1',
      }),
    );
    fireEvent.keyDown(document.documentElement, { key: 's', code: 'KeyS', ctrlKey: true });
    await waitFor(() => expect(s.saved).toHaveLength(1));
    expect(s.saved[0]?.sameQuestions).toEqual(['GV-03']);
  });

  it('shows the server’s refusal of a reused key at the question', async () => {
    const retired: FrameworkDetail = {
      ...DETAIL,
      usedKeys: [
        ...DETAIL.usedKeys,
        { key: 'GV-03', kind: 'question', title: 'Is MFA enforced?', version: 1 },
      ],
    };
    const message =
      '"GV-03" was the key of “Is MFA enforced?” in version 1: give a new question a new key, or say it is the same question';
    await openEditor(
      server({
        'GET /api/v1/content/frameworks/f1': () => jsonResponse(retired),
        'PUT /api/v1/content/frameworks/f1/draft': () =>
          jsonResponse(
            {
              error: {
                code: 'content.key_reused',
                message: 'A new question needs a new key.',
                fields: { 'sections[0].questions[2].key': message },
                requestId: 'r1',
              },
            },
            409,
          ),
      }),
    );
    await pick(/^GV Govern/);
    await userEvent.click(pane('Section GV').getByRole('button', { name: 'Add question' }));
    const key = (await screen.findByRole('region', { name: 'Question GV-04' })).querySelector(
      'input',
    )!;
    await userEvent.clear(key);
    await userEvent.type(key, 'GV-03');
    fireEvent.keyDown(document.documentElement, { key: 's', code: 'KeyS', ctrlKey: true });
    expect(await screen.findByText('A new question needs a new key.')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Question GV-03' })).getByText(message),
    ).toBeTruthy();
  });

  it('shows every problem at its node before saving, and saves nothing', async () => {
    const s = server();
    await openEditor(s);
    await pick(/^GV-01/);
    const title = pane('Question GV-01').getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await pick(/^GV-02/);
    const key = pane('Question GV-02').getByRole('textbox', { name: /^Key/ });
    await userEvent.clear(key);
    await userEvent.type(key, 'GV-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const list = await screen.findByRole('list', { name: 'Problems in the draft' });
    expect(list.textContent).toContain('Section GV › question GV-01 › title: must not be empty');
    expect(list.textContent).toContain('sections[0].questions[0].title');
    expect(tree().getByLabelText('1 problem in GV-01')).toBeTruthy();
    expect(s.saved).toHaveLength(0);

    // A problem leads to its node.
    await userEvent.click(within(list).getByText(/title: must not be empty/));
    const field = pane('Question GV-01').getByRole('textbox', { name: 'Title' });
    expect(field.getAttribute('aria-invalid')).toBe('true');

    // With every field well-formed, the keys are checked: two questions share one.
    await userEvent.type(field, 'Policy');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const again = await screen.findByRole('list', { name: 'Problems in the draft' });
    expect(again.textContent).toContain(
      'Section GV › question GV-01 › key: "GV-01" is already used at sections[0].questions[0]',
    );
    expect(tree().getAllByLabelText('1 problem in GV-01')).toHaveLength(1);
    expect(s.saved).toHaveLength(0);
  });

  it('previews each question type as a respondent sees it, with its score', async () => {
    await openEditor();
    // Yes / partial / no.
    await pick(/^GV-01/);
    let preview = within(screen.getByRole('region', { name: 'Preview' }));
    expect(preview.getByLabelText('Preview score').textContent).toBe('— (no answer yet)');
    await userEvent.click(preview.getByText('Partially'));
    expect(preview.getByLabelText('Preview score').textContent).toBe('50 %');
    // N/A once allowed.
    await userEvent.click(
      pane('Question GV-01').getByRole('switch', { name: /Allow “not applicable”/ }),
    );
    preview = within(screen.getByRole('region', { name: 'Preview' }));
    await userEvent.click(preview.getByRole('checkbox', { name: 'Not applicable' }));
    expect(preview.getByLabelText('Preview score').textContent).toBe('Not applicable: not scored');

    // Single choice: scores shown as percentages, edited live.
    await pick(/^GV-02/);
    const q2 = pane('Question GV-02');
    expect((q2.getByRole('textbox', { name: 'Option 2 score' }) as HTMLInputElement).value).toBe(
      '25 %',
    );
    preview = within(screen.getByRole('region', { name: 'Preview' }));
    await userEvent.click(preview.getByRole('radio', { name: 'Never' }));
    expect(preview.getByLabelText('Preview score').textContent).toBe('25 %');
    await userEvent.clear(q2.getByRole('textbox', { name: 'Option 2 score' }));
    await userEvent.type(q2.getByRole('textbox', { name: 'Option 2 score' }), '40');
    // While the score was empty the question could not be previewed: the preview is new.
    preview = within(screen.getByRole('region', { name: 'Preview' }));
    expect(preview.getByLabelText('Preview score').textContent).toBe('40 %');

    // Multiple choice: the options carry over; the chosen ones add up, to at most 100 %.
    await choose('Type', 'Multiple choice', q2);
    preview = within(screen.getByRole('region', { name: 'Preview' }));
    await userEvent.click(preview.getByRole('checkbox', { name: 'Restored monthly' }));
    await userEvent.click(preview.getByRole('checkbox', { name: 'Never' }));
    expect(preview.getByLabelText('Preview score').textContent).toBe('100 %');

    // Number: the band the answer reaches.
    await pick(/^GV\.OC-01/);
    preview = within(screen.getByRole('region', { name: 'Preview' }));
    await userEvent.type(preview.getByRole('textbox', { name: 'Answer' }), '15');
    expect(preview.getByLabelText('Preview score').textContent).toBe('50 %');

    // Maturity: level ÷ 5, with the framework's own labels.
    await pick(/^ID-01/);
    preview = within(screen.getByRole('region', { name: 'Preview' }));
    await userEvent.click(preview.getByRole('radio', { name: '3 · Defined' }));
    expect(preview.getByLabelText('Preview score').textContent).toBe('60 %');
    await userEvent.clear(pane('Question ID-01').getByRole('textbox', { name: 'Level 3' }));
    await userEvent.type(
      pane('Question ID-01').getByRole('textbox', { name: 'Level 3' }),
      'Written down',
    );
    preview = within(screen.getByRole('region', { name: 'Preview' }));
    expect(preview.getByRole('radio', { name: '3 · Written down' })).toBeTruthy();

    // Free text: never scored.
    await choose('Type', 'Free text', pane('Question ID-01'));
    preview = within(screen.getByRole('region', { name: 'Preview' }));
    await userEvent.type(preview.getByRole('textbox', { name: 'Answer' }), 'We keep a list.');
    expect(preview.getByLabelText('Preview score').textContent).toBe('Not scored (free text)');
  });

  it('adds and removes a choice question’s options and a number question’s bands', async () => {
    await openEditor();
    await pick(/^GV-02/);
    const q2 = pane('Question GV-02');
    const options = () => q2.getAllByRole('textbox', { name: /^Option \d+ label$/ }).length;
    const before = options();
    await userEvent.click(q2.getByRole('button', { name: 'Add option' }));
    expect(options()).toBe(before + 1);
    expect(q2.getByRole('textbox', { name: `Option ${before + 1} score` })).toBeTruthy();
    await userEvent.click(q2.getByRole('button', { name: `Remove option ${before + 1}` }));
    expect(options()).toBe(before);

    await pick(/^GV\.OC-01/);
    const q = pane('Question GV.OC-01');
    const bands = () => q.getAllByRole('textbox', { name: /^Band \d+ from$/ }).length;
    const bandsBefore = bands();
    await userEvent.click(q.getByRole('button', { name: 'Add band' }));
    expect(bands()).toBe(bandsBefore + 1);
    await userEvent.click(q.getByRole('button', { name: 'Remove band 1' }));
    expect(bands()).toBe(bandsBefore);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('a save on a stale revision offers Keep mine (saved on their revision) and Take theirs', async () => {
    const theirs: FrameworkDetail = {
      ...DETAIL,
      name: 'Their name',
      draft: { ...DRAFT, name: 'Their name' },
      draftRevision: 7,
      draftUpdatedBy: 'Sam Admin',
    };
    let current = DETAIL;
    const saved: Array<{ revision: number; document: FrameworkDocument }> = [];
    const s = server({
      'GET /api/v1/content/frameworks/f1': () => jsonResponse(current),
      'PUT /api/v1/content/frameworks/f1/draft': (init) => {
        const body = JSON.parse(String(init?.body)) as (typeof saved)[number];
        saved.push(body);
        if (body.revision !== current.draftRevision) {
          return jsonResponse(
            {
              error: {
                code: 'content.stale_revision',
                message: 'Someone else saved it meanwhile.',
                details: { current },
              },
            },
            409,
          );
        }
        current = {
          ...current,
          draft: body.document,
          name: body.document.name,
          draftRevision: body.revision + 1,
        };
        return jsonResponse(current);
      },
    });
    await openEditor(s);
    current = theirs; // saved by Sam meanwhile
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'My name');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('This framework draft was changed meanwhile', {}, T),
    ).toBeTruthy();
    expect(screen.getByText(/Sam Admin saved this framework draft/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.revision).toBe(7);
    expect(saved[1]?.document.name).toBe('My name');
    await waitFor(() =>
      expect(screen.queryByText('This framework draft was changed meanwhile')).toBeNull(),
    );
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('“Take theirs” drops my changes and shows their draft', async () => {
    const theirs: FrameworkDetail = {
      ...DETAIL,
      name: 'Their name',
      draft: { ...DRAFT, name: 'Their name', sections: [DRAFT.sections[1]!] },
      draftRevision: 9,
    };
    const s = server({
      'PUT /api/v1/content/frameworks/f1/draft': () =>
        jsonResponse({ error: { code: 'content.stale_revision', message: 'Stale.' } }, 409),
    });
    await openEditor(s);
    // The answer did not carry the current draft: the editor asks for it.
    s.routes['GET /api/v1/content/frameworks/f1'] = () => jsonResponse(theirs);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'My name');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Take theirs' }, T));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(
        'Their name',
      ),
    );
    expect(treeKeys()).toEqual(['ID Identify', 'ID-01 Asset inventory']);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });
});
