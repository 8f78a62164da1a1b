#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The companion series, kept as commits in a git tree of its own.

  gen.py tree DIR     a git tree at DIR: the pristine Linux 6.12 files the
                      series touches, committed and tagged "base", and
                      patches/ applied on top with git am, one commit each
  gen.py export DIR   patches/ rewritten from DIR's commits after "base":
                      the cover letter (0000-cover-letter.patch, its
                      subject and text from tools/series/cover.txt) and
                      one numbered patch per commit
  gen.py check        tree, then export into a scratch directory: the
                      result must equal patches/ byte for byte

Edit the series in the tree (git commit --fixup=SHA, then
git rebase -i --autosquash base; git rebase -i base to reorder or reword),
then export.  The pristine files come from INSN_CACHE's unpacked
linux-source-6.12 (tools/build-kernel.sh unpacks it).
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PATCHES = os.path.join(TOP, 'patches')
COVER = os.path.join(TOP, 'tools', 'series', 'cover.txt')
COVER_NAME = '0000-cover-letter.patch'
# fixed identity and dates: the same commits export to the same bytes
ENV = dict(os.environ, GIT_AUTHOR_NAME='insn-kfuncs developers',
           GIT_AUTHOR_EMAIL='insn-kfuncs@example.org',
           GIT_COMMITTER_NAME='insn-kfuncs developers',
           GIT_COMMITTER_EMAIL='insn-kfuncs@example.org',
           GIT_COMMITTER_DATE='Sun, 29 Nov 2026 12:00:00 +0000')


def die(msg):
    sys.exit('gen.py: ' + msg)


def git(tree, *args, **kw):
    return subprocess.run(['git', '-C', tree, *args], env=ENV, check=True,
                          text=True, capture_output=True, **kw).stdout


def series():
    return sorted(p for p in glob.glob(os.path.join(PATCHES, '*.patch'))
                  if os.path.basename(p) != COVER_NAME)


def pristine():
    cache = subprocess.run([os.path.join(TOP, 'tools', 'cache-dir.sh')],
                           check=True, text=True, capture_output=True).stdout.strip()
    ver = subprocess.run(['dpkg-query', '-W', '-f=${Version}', 'linux-source-6.12'],
                         check=True, text=True, capture_output=True).stdout
    src = os.path.join(cache, 'src', 'linux-source-' + ver)
    if not os.path.exists(os.path.join(src, '.unpacked')):
        die(f'no unpacked linux-source in {src} (make check builds it)')
    return src


def touched(patches, src):
    """The files of src the patches change (not those they create)."""
    files = set()
    for p in patches:
        with open(p) as f:
            for line in f:
                m = re.match(r'^--- a/(\S+)', line)
                if m and os.path.exists(os.path.join(src, m.group(1))):
                    files.add(m.group(1))
    return sorted(files)


def tree(dest):
    if os.path.exists(dest):
        die(f'{dest} exists')
    patches = series()
    src = pristine()
    for rel in touched(patches, src):
        os.makedirs(os.path.dirname(os.path.join(dest, rel)), exist_ok=True)
        shutil.copy2(os.path.join(src, rel), os.path.join(dest, rel))
    git(dest, 'init', '-q')
    git(dest, 'add', '-A')
    git(dest, 'commit', '-q', '-m', 'base')
    git(dest, 'tag', 'base')
    git(dest, 'am', '-q', '--committer-date-is-author-date', *patches)


def export(srcdir, out):
    with open(COVER) as f:
        subject, _, blurb = f.read().partition('\n')
    for p in glob.glob(os.path.join(out, '*.patch')):
        os.remove(p)
    git(srcdir, 'format-patch', '-q', '-n', '--no-signature', '--zero-commit',
        '--cover-letter', '-o', out, 'base..HEAD')
    cover = os.path.join(out, COVER_NAME)
    with open(cover) as f:
        text = f.read()
    text = text.replace('*** SUBJECT HERE ***', subject.strip())
    text = text.replace('*** BLURB HERE ***', blurb.strip('\n'))
    # the cover letter's date is the last commit's, not today's
    last = git(srcdir, 'log', '-1', '--format=%aD', 'HEAD').strip()
    text = re.sub(r'^Date: .*$', 'Date: ' + last, text, count=1, flags=re.M)
    with open(cover, 'w') as f:
        f.write(text)


def check():
    with tempfile.TemporaryDirectory() as tmp:
        t, out = os.path.join(tmp, 'tree'), os.path.join(tmp, 'out')
        tree(t)
        os.mkdir(out)
        export(t, out)
        want = sorted(os.listdir(PATCHES))
        got = sorted(os.listdir(out))
        if want != got:
            die(f'file names differ: {sorted(set(want) ^ set(got))}')
        for name in got:
            with open(os.path.join(PATCHES, name)) as a, open(os.path.join(out, name)) as b:
                if a.read() != b.read():
                    die(f'{name} differs from what the commits export')
    print(f'series: {len(series())} patches and the cover letter regenerate unchanged')


def main():
    if len(sys.argv) == 3 and sys.argv[1] == 'tree':
        tree(os.path.abspath(sys.argv[2]))
    elif len(sys.argv) == 3 and sys.argv[1] == 'export':
        export(os.path.abspath(sys.argv[2]), PATCHES)
    elif len(sys.argv) == 2 and sys.argv[1] == 'check':
        check()
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main()
