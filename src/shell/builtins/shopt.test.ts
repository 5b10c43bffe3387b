/**
 * `shopt`: listings, -p/-q/-s/-u/-o, messages, and the options that act (nullglob, dotglob,
 * nocaseglob, nocasematch). Expected outputs are what bash 5.2.15 prints.
 */
import { describeBashCases, type BashCase } from '../../../tests/support/bash-oracle.ts';

const CASES: BashCase[] = [
  ['shopt extglob nullglob globstar nocasematch; echo $?', 'extglob        \toff\nnullglob       \toff\nglobstar       \toff\nnocasematch    \toff\n1\n'],
  ['shopt -p extglob; shopt -q nullglob; echo $?; shopt -s nullglob; shopt -q nullglob; echo $?; shopt -u nosuch; echo $?', 'shopt -u extglob\n1\n0\nbash: shopt: nosuch: invalid shell option name\n1\n'],
  [
    'shopt -po errexit; shopt -o errexit pipefail; echo $?; shopt -s | head -3; shopt -pu | head -2; shopt -s -u x; echo $?; shopt -z',
    'set +o errexit\nerrexit        \toff\npipefail       \toff\n1\ncheckwinsize   \ton\ncmdhist        \ton\ncomplete_fullquote\ton\nshopt -u autocd\nshopt -u assoc_expand_once\n' +
      'bash: shopt: cannot set and unset shell options simultaneously\n1\nbash: shopt: -z: invalid option\nshopt: usage: shopt [-pqsu] [-o] [optname ...]\n',
  ],
  ['shopt -so pipefail; set -o | grep pipefail; false | true; echo $?', 'pipefail       \ton\n1\n'],
  [
    'shopt -s nocasematch; [[ ABC == abc ]] && echo y; [[ ABC =~ ^ab ]] && echo r; case ABC in abc) echo c;; esac; shopt -u nocasematch; [[ ABC == abc ]] || echo n',
    'y\nr\nc\nn\n',
  ],
  [
    'touch .h a.TXT b.txt; echo *.txt; shopt -s nocaseglob; echo *.txt; shopt -s dotglob; echo *; shopt -s nullglob; echo x*; echo "[$(echo x*)]"; a=(x*); echo ${#a[@]}',
    'b.txt\na.TXT b.txt\n.h a.TXT b.txt\n\n[]\n0\n',
  ],
  ['shopt -s nullglob; f(){ echo $#; }; f *.none; (echo q*); echo done', '0\n\ndone\n'],
];

describeBashCases('shopt, as in bash 5.2', CASES);
