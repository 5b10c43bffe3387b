/**
 * Files an image brings into its container's filesystem: /etc/os-release of its base
 * distribution, and nginx's stock configuration and pages. Volume mounts shadow them.
 */
import type { ImageInfo } from './catalogue.ts';
import { nginxVersion, welcomePage } from './server-programs.ts';

const OS_RELEASE = {
  debian:
    'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\nVERSION="12 (bookworm)"\nVERSION_CODENAME=bookworm\nID=debian\nHOME_URL="https://www.debian.org/"\nSUPPORT_URL="https://www.debian.org/support"\nBUG_REPORT_URL="https://bugs.debian.org/"\n',
  alpine:
    'NAME="Alpine Linux"\nID=alpine\nVERSION_ID=3.21.3\nPRETTY_NAME="Alpine Linux v3.21"\nHOME_URL="https://alpinelinux.org/"\nBUG_REPORT_URL="https://gitlab.alpinelinux.org/alpine/aports/-/issues"\n',
  ubuntu:
    'PRETTY_NAME="Ubuntu 24.04.2 LTS"\nNAME="Ubuntu"\nVERSION_ID="24.04"\nVERSION="24.04.2 LTS (Noble Numbat)"\nVERSION_CODENAME=noble\nID=ubuntu\nID_LIKE=debian\nHOME_URL="https://www.ubuntu.com/"\nSUPPORT_URL="https://help.ubuntu.com/"\nBUG_REPORT_URL="https://bugs.launchpad.net/ubuntu/"\nPRIVACY_POLICY_URL="https://www.ubuntu.com/legal/terms-and-policies/privacy-policy"\nUBUNTU_CODENAME=noble\nLOGO=ubuntu-logo\n',
  busybox: 'NAME="BusyBox"\n',
};

/** /etc/passwd of each base distribution (busybox's is the buildroot one its image ships). */
const PASSWD = {
  busybox:
    'root:x:0:0:root:/root:/bin/sh\ndaemon:x:1:1:daemon:/usr/sbin:/bin/false\nbin:x:2:2:bin:/bin:/bin/false\nsys:x:3:3:sys:/dev:/bin/false\nsync:x:4:100:sync:/bin:/bin/sync\nmail:x:8:8:mail:/var/spool/mail:/bin/false\nwww-data:x:33:33:www-data:/var/www:/bin/false\noperator:x:37:37:Operator:/var:/bin/false\nnobody:x:65534:65534:nobody:/home:/bin/false\n',
  alpine:
    'root:x:0:0:root:/root:/bin/sh\nbin:x:1:1:bin:/bin:/sbin/nologin\ndaemon:x:2:2:daemon:/sbin:/sbin/nologin\nlp:x:4:7:lp:/var/spool/lpd:/sbin/nologin\nsync:x:5:0:sync:/sbin:/bin/sync\nshutdown:x:6:0:shutdown:/sbin:/sbin/shutdown\nhalt:x:7:0:halt:/sbin:/sbin/halt\nmail:x:8:12:mail:/var/mail:/sbin/nologin\nnews:x:9:13:news:/usr/lib/news:/sbin/nologin\nuucp:x:10:14:uucp:/var/spool/uucppublic:/sbin/nologin\ncron:x:16:16:cron:/var/spool/cron:/sbin/nologin\nftp:x:21:21::/var/lib/ftp:/sbin/nologin\nsshd:x:22:22:sshd:/dev/null:/sbin/nologin\ngames:x:35:35:games:/usr/games:/sbin/nologin\nntp:x:123:123:NTP:/var/empty:/sbin/nologin\nguest:x:405:100:guest:/dev/null:/sbin/nologin\nnobody:x:65534:65534:nobody:/:/sbin/nologin\n',
  debian:
    'root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\nbin:x:2:2:bin:/bin:/usr/sbin/nologin\nsys:x:3:3:sys:/dev:/usr/sbin/nologin\nsync:x:4:65534:sync:/bin:/bin/sync\ngames:x:5:60:games:/usr/games:/usr/sbin/nologin\nman:x:6:12:man:/var/cache/man:/usr/sbin/nologin\nlp:x:7:7:lp:/var/spool/lpd:/usr/sbin/nologin\nmail:x:8:8:mail:/var/mail:/usr/sbin/nologin\nnews:x:9:9:news:/var/spool/news:/usr/sbin/nologin\nuucp:x:10:10:uucp:/var/spool/uucp:/usr/sbin/nologin\nproxy:x:13:13:proxy:/bin:/usr/sbin/nologin\nwww-data:x:33:33:www-data:/var/www:/usr/sbin/nologin\nbackup:x:34:34:backup:/var/backups:/usr/sbin/nologin\nlist:x:38:38:Mailing List Manager:/var/list:/usr/sbin/nologin\nirc:x:39:39:ircd:/run/ircd:/usr/sbin/nologin\n_apt:x:42:65534::/nonexistent:/usr/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n',
};

/** /etc/group of each base distribution: `id` names the groups from it (root is in wheel on busybox, in many on Alpine). */
const GROUP = {
  busybox: 'root:x:0:\ndaemon:x:1:\nbin:x:2:\nsys:x:3:\nadm:x:4:\ntty:x:5:\ndisk:x:6:\nlp:x:7:\nmail:x:8:\nkmem:x:9:\nwheel:x:10:root\ncdrom:x:11:\ndialout:x:18:\nfloppy:x:19:\nvideo:x:28:\naudio:x:29:\ntape:x:32:\nwww-data:x:33:\noperator:x:37:\nutmp:x:43:\nplugdev:x:46:\nstaff:x:50:\nlock:x:54:\nnetdev:x:82:\nusers:x:100:\nnobody:x:65534:\n',
  alpine: 'root:x:0:root\nbin:x:1:root,bin,daemon\ndaemon:x:2:root,bin,daemon\nsys:x:3:root,bin,adm\nadm:x:4:root,adm,daemon\ntty:x:5:\ndisk:x:6:root,adm\nlp:x:7:lp\nkmem:x:9:\nwheel:x:10:root\nfloppy:x:11:root\nmail:x:12:mail\nnews:x:13:news\nuucp:x:14:uucp\ncron:x:16:cron\naudio:x:18:\ncdrom:x:19:\ndialout:x:20:root\nftp:x:21:\nsshd:x:22:\ninput:x:23:\ntape:x:26:root\nvideo:x:27:root\nnetdev:x:28:\nkvm:x:34:kvm\ngames:x:35:\nshadow:x:42:\nwww-data:x:82:\nusers:x:100:games\nntp:x:123:\nabuild:x:300:\nutmp:x:406:\nping:x:999:\nnogroup:x:65533:\nnobody:x:65534:\n',
  debian: 'root:x:0:\ndaemon:x:1:\nbin:x:2:\nsys:x:3:\nadm:x:4:\ntty:x:5:\ndisk:x:6:\nlp:x:7:\nmail:x:8:\nnews:x:9:\nuucp:x:10:\nman:x:12:\nproxy:x:13:\nkmem:x:15:\ndialout:x:20:\nfax:x:21:\nvoice:x:22:\ncdrom:x:24:\nfloppy:x:25:\ntape:x:26:\nsudo:x:27:\naudio:x:29:\ndip:x:30:\nwww-data:x:33:\nbackup:x:34:\noperator:x:37:\nlist:x:38:\nirc:x:39:\nsrc:x:40:\nshadow:x:42:\nutmp:x:43:\nvideo:x:44:\nsasl:x:45:\nplugdev:x:46:\nstaff:x:50:\ngames:x:60:\nusers:x:100:\nnogroup:x:65534:\n',
};

/** The tools of Debian's procps package, which the slim official images do not install. */
export const PROCPS_TOOLS: ReadonlySet<string> = new Set(['ps', 'top', 'free', 'pgrep', 'pkill', 'pmap', 'uptime', 'vmstat', 'w', 'watch']);

/** Official images built on a bare Debian (no procps: `ps` is not found until `apt-get install procps`). */
const BARE_DEBIAN = new Set(['nginx', 'httpd', 'redis', 'postgres', 'debian']);

/**
 * Whether the image has procps's tools (`ps`, `top`...). busybox and Alpine images have them
 * as busybox applets; the bare Debian official images (nginx, httpd, redis, postgres, debian
 * and the `-slim` variants) do not, which is why the official "Get a Shell to a Running
 * Container" page runs `apt-get install -y procps` before `ps aux`.
 */
export function hasProcps(image: ImageInfo | undefined, tag: string): boolean {
  if (!image?.shell) return false;
  if (distribution(image.repository, tag) !== 'debian') return true;
  const name = image.repository.split('/').pop() ?? '';
  return !(BARE_DEBIAN.has(name) || /(^|-)slim($|-)/.test(tag));
}

/** Whether the image's /bin/sh is dash (Debian and Ubuntu bases), whose `echo` interprets backslash escapes. */
export function shIsDash(image: ImageInfo | undefined, tag: string): boolean {
  if (!image?.shell) return false;
  const d = distribution(image.repository, tag);
  return (d === 'debian' || d === 'ubuntu') && !image.repository.endsWith('/mysql');
}

/**
 * Whether the image's userland is GNU coreutils (Debian, Ubuntu and the other glibc images)
 * rather than busybox's applets: the tools then word their errors as GNU does
 * (`ls: cannot access '/x': No such file or directory`).
 */
export function hasCoreutils(image: ImageInfo | undefined, tag: string): boolean {
  if (!image?.shell) return false;
  const d = distribution(image.repository, tag);
  return d === 'debian' || d === 'ubuntu';
}

export function distribution(repo: string, tag: string): keyof typeof OS_RELEASE {
  const name = repo.split('/').pop() ?? '';
  if (name === 'busybox' || name === 'pause') return 'busybox';
  // agnhost is built `FROM` Alpine (its Dockerfile installs its tools with apk).
  if (['alpine', 'curl', 'traefik', 'stress', 'bash', 'agnhost'].includes(name) || tag.includes('alpine')) return 'alpine';
  if (['ubuntu', 'mongo', 'rabbitmq', 'eclipse-temurin'].includes(name)) return 'ubuntu';
  return 'debian';
}

const NGINX_CONF = `
user  nginx;
worker_processes  auto;

error_log  /var/log/nginx/error.log notice;
pid        /var/run/nginx.pid;


events {
    worker_connections  1024;
}


http {
    include       /etc/nginx/mime.types;
    default_type  application/octet-stream;

    log_format  main  '$remote_addr - $remote_user [$time_local] "$request" '
                      '$status $body_bytes_sent "$http_referer" '
                      '"$http_user_agent" "$http_x_forwarded_for"';

    access_log  /var/log/nginx/access.log  main;

    sendfile        on;
    #tcp_nopush     on;

    keepalive_timeout  65;

    #gzip  on;

    include /etc/nginx/conf.d/*.conf;
}
`;

const DEFAULT_CONF = `server {
    listen       80;
    listen  [::]:80;
    server_name  localhost;

    #access_log  /var/log/nginx/host.access.log  main;

    location / {
        root   /usr/share/nginx/html;
        index  index.html index.htm;
    }

    #error_page  404              /404.html;

    # redirect server error pages to the static page /50x.html
    #
    error_page   500 502 503 504  /50x.html;
    location = /50x.html {
        root   /usr/share/nginx/html;
    }
}
`;

const ERROR_PAGE = `<!DOCTYPE html>
<html>
<head>
<title>Error</title>
<style>
html { color-scheme: light dark; }
body { width: 35em; margin: 0 auto;
font-family: Tahoma, Verdana, Arial, sans-serif; }
</style>
</head>
<body>
<h1>An error occurred.</h1>
<p>Sorry, the page you are looking for is currently unavailable.<br/>
Please try again later.</p>
<p>If you are the system administrator of this resource then you should check
the error log for details.</p>
<p><em>Faithfully yours, nginx.</em></p>
</body>
</html>
`;

/**
 * The top-level directories of each base distribution's root filesystem, as `ls /` lists them
 * in a running container (with the runtime's /dev, /proc and /sys): busybox's glibc image has
 * /lib and /lib64 beside its applets, Debian and Ubuntu their merged-/usr layout.
 */
const ROOT_DIRS: Record<keyof typeof OS_RELEASE, string[]> = {
  busybox: ['bin', 'dev', 'etc', 'home', 'lib', 'lib64', 'proc', 'root', 'sys', 'tmp', 'usr', 'var'],
  alpine: ['bin', 'dev', 'etc', 'home', 'lib', 'media', 'mnt', 'opt', 'proc', 'root', 'run', 'sbin', 'srv', 'sys', 'tmp', 'usr', 'var'],
  debian: ['bin', 'boot', 'dev', 'etc', 'home', 'lib', 'lib64', 'media', 'mnt', 'opt', 'proc', 'root', 'run', 'sbin', 'srv', 'sys', 'tmp', 'usr', 'var'],
  ubuntu: [
    'bin',
    'bin.usr-is-merged',
    'boot',
    'dev',
    'etc',
    'home',
    'lib',
    'lib.usr-is-merged',
    'lib64',
    'media',
    'mnt',
    'opt',
    'proc',
    'root',
    'run',
    'sbin',
    'sbin.usr-is-merged',
    'srv',
    'sys',
    'tmp',
    'usr',
    'var',
  ],
};

/**
 * Whether the image is an agnhost that has the user and group of the supplemental-groups tests
 * (`adduser -u 1000 -D user-defined-in-image`, `addgroup -g 50000 group-defined-in-image`,
 * `addgroup user-defined-in-image group-defined-in-image`), as 2.45, the security-context page's
 * tag, has them.
 */
function agnhostWithImageUser(repository: string, tag: string): boolean {
  const m = /^2\.(\d+)$/.exec(tag);
  return repository.endsWith('/e2e-test-images/agnhost') && !!m && Number(m[1]) >= 45;
}

/**
 * The image's own files by absolute path (none for an unknown image). A key ending in `/` is a
 * directory the image has (its root directories), with no content.
 */
export function imageFiles(image: ImageInfo | undefined, tag: string): Record<string, string> {
  if (!image) return {};
  const dist = distribution(image.repository, tag);
  const files: Record<string, string> = { '/etc/os-release': OS_RELEASE[dist] };
  for (const d of ROOT_DIRS[dist]) files[`/${d}/`] = '';
  const nginx = image.repository.endsWith('/nginx') || image.repository.endsWith('/nginx-slim');
  if (image.shell) {
    const base = dist === 'ubuntu' ? 'debian' : dist;
    files['/etc/passwd'] = PASSWD[base] + (dist === 'ubuntu' ? 'ubuntu:x:1000:1000:Ubuntu:/home/ubuntu:/bin/bash\n' : '');
    files['/etc/group'] = GROUP[base] + (dist === 'ubuntu' ? 'ubuntu:x:1000:\n' : '');
    // The nginx image adds the user its workers run as.
    if (nginx && dist === 'debian') {
      files['/etc/passwd'] += 'nginx:x:101:101:nginx user:/nonexistent:/bin/false\n';
      files['/etc/group'] += 'nginx:x:101:\n';
    } else if (nginx && dist === 'alpine') {
      files['/etc/passwd'] += 'nginx:x:101:101:nginx:/var/cache/nginx:/sbin/nologin\n';
      files['/etc/group'] += 'nginx:x:101:nginx\n';
    }
    if (agnhostWithImageUser(image.repository, tag)) {
      files['/etc/passwd'] += 'user-defined-in-image:x:1000:1000:Linux User,,,:/home/user-defined-in-image:/bin/sh\n';
      files['/etc/group'] += 'user-defined-in-image:x:1000:\ngroup-defined-in-image:x:50000:user-defined-in-image\n';
      files['/home/user-defined-in-image/'] = '';
    }
  }
  if (nginx) {
    files['/etc/nginx/nginx.conf'] = NGINX_CONF;
    files['/etc/nginx/conf.d/default.conf'] = DEFAULT_CONF;
    files['/usr/share/nginx/html/index.html'] = welcomePage(image.repository.endsWith('/nginx') ? nginxVersion(tag) : '1.27.3');
    files['/usr/share/nginx/html/50x.html'] = ERROR_PAGE;
  }
  return files;
}
