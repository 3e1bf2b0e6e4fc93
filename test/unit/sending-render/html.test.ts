// The HTML part is built from plain text: escaped, paragraphs at blank lines, <br> at single breaks,
// bare http(s) URLs as links.
import { escapeHtml, findLinks, textToHtml } from '../../../src/modules/sending/render/html';

describe('escapeHtml', () => {
  it('escapes the five markup characters', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('textToHtml', () => {
  it('makes paragraphs at blank lines (even with spaces on them) and <br> at single line breaks', () => {
    expect(textToHtml('Hi Ana,\r\n\r\nLine one\nLine two\n  \n\n\nBye')).toBe('<p>Hi Ana,</p>\n<p>Line one<br>\nLine two</p>\n<p>Bye</p>');
  });

  it('escapes all text so nothing in it becomes markup', () => {
    expect(textToHtml('<script>alert(1)</script> & <b>bold</b>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;</p>');
  });

  it('keeps runs of spaces', () => {
    expect(textToHtml('a   b')).toBe('<p>a &nbsp;&nbsp;b</p>');
  });

  it('links bare http(s) URLs, leaving trailing punctuation outside and escaping the URL', () => {
    expect(textToHtml('See https://acme.com/x?a=1&b=2. Or (http://b.io/y).')).toBe(
      '<p>See <a href="https://acme.com/x?a=1&amp;b=2">https://acme.com/x?a=1&amp;b=2</a>. Or (<a href="http://b.io/y">http://b.io/y</a>).</p>',
    );
  });

  it('asks for each link target in document order and shows the URL as written', () => {
    const seen: string[] = [];
    const html = textToHtml('https://a.com\n\nhttps://b.com and https://a.com', (url) => {
      seen.push(url);
      return `https://t.example/c/${seen.length}`;
    });
    expect(seen).toEqual(['https://a.com', 'https://b.com', 'https://a.com']);
    expect(html).toContain('<a href="https://t.example/c/2">https://b.com</a>');
  });

  it('gives an empty fragment for empty text', () => {
    expect(textToHtml(' \n\n ')).toBe('');
  });
});

describe('findLinks', () => {
  it('keeps a closing bracket the URL opened', () => {
    expect(findLinks('https://en.wikipedia.org/wiki/Foo_(bar), ok').map((l) => l.url)).toEqual(['https://en.wikipedia.org/wiki/Foo_(bar)']);
  });

  it('does not link schemes other than http(s), hostless URLs or a scheme glued to a word', () => {
    expect(findLinks('javascript:alert(1) ftp://x.com https:// mailto:a@b.com xhttps://a.com')).toEqual([]);
  });

  it('stops at quotes and angle brackets', () => {
    expect(findLinks('"https://a.com/x" <https://b.com/y>').map((l) => l.url)).toEqual(['https://a.com/x', 'https://b.com/y']);
  });
});
