// folders.ts (decisions.md §16): which folders of a seed are searched, what a sighting in each means, and
// the order whose first sighting decides, on the folder lists real providers show.
import { foldersToSearch } from '../../../src/modules/placement/folders';

const f = (path: string, specialUse: string | null = null, flags: string[] = []) => ({ path, specialUse, flags });

describe('foldersToSearch', () => {
  it('searches INBOX, then the \\Junk folder, then other folders; never Sent, Drafts or Trash marked by special use', () => {
    const folders = [f('INBOX'), f('Sent', '\\Sent'), f('Drafts', '\\Drafts'), f('Trash', '\\Trash'), f('Archive', '\\Archive'), f('Junk', '\\Junk'), f('Newsletters')];
    expect(foldersToSearch(folders)).toEqual([
      { path: 'INBOX', kind: 'inbox' },
      { path: 'Junk', kind: 'spam' },
      { path: 'Archive', kind: 'other' },
      { path: 'Newsletters', kind: 'other' },
    ]);
  });

  it('skips Sent, Drafts and Trash by their usual names when the server marks nothing, at any depth', () => {
    const folders = [f('INBOX'), f('Sent Items'), f('INBOX.Sent Messages'), f('Deleted Items'), f('Drafts'), f('Bin'), f('Work/Clients')];
    expect(foldersToSearch(folders).map((x) => x.path)).toEqual(['INBOX', 'Work/Clients']);
  });

  it('takes a folder named Junk, Spam, Junk E-mail or Bulk as spam when none is marked \\Junk', () => {
    for (const name of ['Junk', 'Spam', 'Junk E-mail', 'Bulk', 'INBOX.spam', 'Bulk Mail']) {
      expect(foldersToSearch([f('INBOX'), f(name)])).toEqual([
        { path: 'INBOX', kind: 'inbox' },
        { path: name, kind: 'spam' },
      ]);
    }
  });

  it('when a folder is marked \\Junk, only that one is spam: another named Spam is an other folder', () => {
    expect(foldersToSearch([f('INBOX'), f('Spam'), f('Junk Email', '\\Junk')])).toEqual([
      { path: 'INBOX', kind: 'inbox' },
      { path: 'Junk Email', kind: 'spam' },
      { path: 'Spam', kind: 'other' },
    ]);
  });

  it("Gmail's folders: the views that gather other folders' mail (All Mail, Starred, Important) come last", () => {
    const gmail = [
      f('INBOX'),
      f('[Gmail]', null, ['\\Noselect', '\\HasChildren']),
      f('[Gmail]/All Mail', '\\All'),
      f('[Gmail]/Drafts', '\\Drafts'),
      f('[Gmail]/Important', '\\Important'),
      f('[Gmail]/Sent Mail', '\\Sent'),
      f('[Gmail]/Spam', '\\Junk'),
      f('[Gmail]/Starred', '\\Flagged'),
      f('[Gmail]/Trash', '\\Trash'),
      f('Receipts'),
    ];
    expect(foldersToSearch(gmail)).toEqual([
      { path: 'INBOX', kind: 'inbox' },
      { path: '[Gmail]/Spam', kind: 'spam' },
      { path: 'Receipts', kind: 'other' },
      { path: '[Gmail]/All Mail', kind: 'other' },
      { path: '[Gmail]/Important', kind: 'other' },
      { path: '[Gmail]/Starred', kind: 'other' },
    ]);
  });

  it('skips folders that cannot be opened', () => {
    expect(foldersToSearch([f('INBOX'), f('Shared', null, ['\\NoSelect']), f('Gone', null, ['\\NonExistent'])])).toEqual([{ path: 'INBOX', kind: 'inbox' }]);
  });
});
