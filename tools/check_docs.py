#!/usr/bin/env python3
"""Checks the project's documentation (README.md and docs/**/*.md).

1. Every relative link and #anchor resolves: the file or folder exists, and an
   anchor names a heading of the target Markdown file, by GitHub's rules
   (lowercase; punctuation other than '-' and '_' dropped; spaces become '-';
   a repeated heading gets -1, -2, ...). Links inside code are not links.
2. Every property macro defined in include/assimp_retro/config.h
   (#define AI_... "...") is named in README.md or a docs/ page.
3. No commit hash: the docs say what is true now, and history (which commit
   measured or fixed what) belongs in the git log and CHANGELOG.md. A commit
   hash is taken to be a run of 7 to 40 lowercase hex digits, standing alone
   (no letter, digit or '_' on either side, so 'build-6a694d7' and
   'v5.2.6a694d73' count, a git describe's '-g6a694d7' does not), with at
   least one letter and one digit, and not the digits of a number such as
   9.131584022270545e-8. Code blocks are checked too. A line that
   cites another project's commit (where a format fact was read) says so with
   the comment <!-- external commit --> on the same line.

Usage: tools/check_docs.py [--root DIR]   (DIR defaults to the repository)
Prints one line per problem, 'file:line: message', and exits 1 if there is any.
Standard library only.
"""
import argparse
import os
import re
import sys

FENCE = re.compile(r'^\s*(```|~~~)')
# [text](target) and ![alt](target); the target may be <...> and may have a "title".
INLINE_LINK = re.compile(r'!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)')
REFERENCE_DEF = re.compile(r'^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)')
HEADING = re.compile(r'^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$')
CODE_SPAN = re.compile(r'(`+)(.+?)\1')
PROPERTY_DEFINE = re.compile(r'^\s*#\s*define\s+(AI_[A-Z0-9_]+)\s+"[^"]*"', re.M)
# A run of 7-40 hex digits standing alone, with at least one digit and one letter,
# that is not the digits of a number in exponent form (9.131584022270545e-8).
COMMIT_HASH = re.compile(r'(?<![0-9A-Za-z_])(?![0-9]+e[-+]?[0-9]*(?![0-9A-Za-z_]))(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}(?![0-9A-Za-z_])')
EXTERNAL_COMMIT = '<!-- external commit -->'
EXTERNAL = re.compile(r'^[a-zA-Z][a-zA-Z0-9+.-]*:')  # http:, https:, mailto:, ...


def text_lines(path):
    """The file's lines with fenced code blocks blanked (line numbers kept)."""
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    out = []
    fence = None
    for line in lines:
        m = FENCE.match(line)
        if fence is None and m:
            fence = m.group(1)
            out.append('')
        elif fence is not None:
            if line.strip().startswith(fence):
                fence = None
            out.append('')
        else:
            out.append(line)
    return out


def github_anchor(heading_text):
    """The anchor GitHub gives a heading (before the -1, -2 of duplicates)."""
    text = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', heading_text)  # links: their text
    text = re.sub(r'<[^>]+>', '', text)  # inline HTML tags
    text = text.strip().lower()
    text = ''.join(c for c in text if c.isalnum() or c in ' -_')
    return text.replace(' ', '-')


def anchors_of(path, cache):
    if path not in cache:
        seen = {}
        anchors = set()
        for line in text_lines(path):
            m = HEADING.match(line)
            if not m:
                continue
            base = github_anchor(m.group(2))
            n = seen.get(base, 0)
            anchors.add(base if n == 0 else '%s-%d' % (base, n))
            seen[base] = n + 1
        cache[path] = anchors
    return cache[path]


def doc_files(root):
    files = []
    readme = os.path.join(root, 'README.md')
    if os.path.isfile(readme):
        files.append(readme)
    docs = os.path.join(root, 'docs')
    for folder, dirs, names in os.walk(docs):
        dirs.sort()
        for name in sorted(names):
            if name.endswith('.md'):
                files.append(os.path.join(folder, name))
    return files


def links_of(lines):
    """(line number, target) of every link outside code."""
    for number, line in enumerate(lines, 1):
        prose = CODE_SPAN.sub(lambda m: ' ' * len(m.group(0)), line)
        for m in INLINE_LINK.finditer(prose):
            yield number, m.group(1).strip('<>')
        m = REFERENCE_DEF.match(prose)
        if m:
            yield number, m.group(1).strip('<>')


def check_links(root, files):
    problems = []
    cache = {}
    for path in files:
        rel = os.path.relpath(path, root)
        for number, target in links_of(text_lines(path)):
            if EXTERNAL.match(target):
                continue
            file_part, _, anchor = target.partition('#')
            if file_part:
                dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part))
                if not os.path.exists(dest):
                    problems.append('%s:%d: broken link %s: %s does not exist'
                                    % (rel, number, target, os.path.relpath(dest, root)))
                    continue
            else:
                dest = path
            if anchor:
                if not dest.endswith('.md') or not os.path.isfile(dest):
                    problems.append('%s:%d: broken link %s: an anchor needs a Markdown file'
                                    % (rel, number, target))
                elif anchor not in anchors_of(dest, cache):
                    problems.append('%s:%d: broken link %s: no heading #%s in %s'
                                    % (rel, number, target, anchor, os.path.relpath(dest, root)))
    return problems


def check_properties(root, files):
    config = os.path.join(root, 'include', 'assimp_retro', 'config.h')
    with open(config, encoding='utf-8') as f:
        names = PROPERTY_DEFINE.findall(f.read())
    if not names:
        return ['include/assimp_retro/config.h: no property (#define AI_... "...") found']
    text = ''
    for path in files:
        with open(path, encoding='utf-8') as f:
            text += f.read() + '\n'
    problems = []
    for name in names:
        if not re.search(r'(?<![A-Za-z0-9_])%s(?![A-Za-z0-9_])' % name, text):
            problems.append('include/assimp_retro/config.h: property %s is not documented in '
                            'README.md or docs/' % name)
    return problems


def check_commit_hashes(root, files):
    problems = []
    for path in files:
        rel = os.path.relpath(path, root)
        with open(path, encoding='utf-8') as f:
            lines = f.read().split('\n')
        for number, line in enumerate(lines, 1):
            if EXTERNAL_COMMIT in line:
                continue
            for m in COMMIT_HASH.finditer(line):
                problems.append('%s:%d: %s looks like a commit hash (history goes to CHANGELOG.md; '
                                'a line citing another project\'s commit carries %s)'
                                % (rel, number, m.group(0), EXTERNAL_COMMIT))
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--root', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'),
                        help='repository root (default: the one this script is in)')
    root = os.path.abspath(parser.parse_args().root)
    files = doc_files(root)
    if not files:
        print('no README.md or docs/*.md under %s' % root)
        return 1
    problems = (check_links(root, files) + check_properties(root, files)
                + check_commit_hashes(root, files))
    for p in problems:
        print(p)
    if problems:
        print('check_docs: %d problem(s)' % len(problems))
        return 1
    print('check_docs: %d files, links, properties and commit hashes OK' % len(files))
    return 0


if __name__ == '__main__':
    sys.exit(main())
