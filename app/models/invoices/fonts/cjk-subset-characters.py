# The characters of the invoice PDF's CJK font subset (README.md beside this file): Han and
# kana of JIS X 0208, Han of GB 2312, the Hangul syllables of KS X 1001, CJK punctuation and
# full-width forms; what Noto Sans itself covers (below U+2E80) is left out.
chars=set()
def two_byte(codec, keep=lambda c: True):
    for a in range(0xA1,0xFF):
        for b in range(0xA1,0xFF):
            try:
                s=bytes([a,b]).decode(codec)
            except UnicodeDecodeError: continue
            chars.update(c for c in s if keep(c))
two_byte('euc_jp'); two_byte('gb2312')
two_byte('euc_kr', lambda c: 0xAC00 <= ord(c) <= 0xD7A3)
for a,b in [(0x3000,0x303F),(0x3040,0x30FF),(0x31F0,0x31FF),(0xFF00,0xFFEF)]:
    chars.update(chr(i) for i in range(a,b+1))
keep=sorted(c for c in chars if ord(c)>=0x2E80)
open('cjk-chars2.txt','w').write(''.join(keep)); print(len(keep))
