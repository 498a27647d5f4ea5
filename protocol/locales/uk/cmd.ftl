# Слова CLI для команд поза іграми (serve, register, leaderboard, ...): cmd-...
# Довідка команди (`grundy serve --help`) — її повідомлення cmd-<команда>-help-...

cmd-cannot-reach = не вдалося з'єднатися з { $where }: { $why }
cmd-help-game = назва гри (див. `grundy games`)
cmd-help-set = параметр гри, напр. --set heaps=3,4,5 (можна кілька разів)
cmd-help-moves = ходи від початку, через пробіл (або через кому, якщо в ході є пробіл)
cmd-bad-server = --server: { $why }

cmd-serving = grundy працює на ws://{ $host }:{ $port }/ (стан: http://{ $host }:{ $port }/health)
cmd-in-a-browser = грати в браузері: http://{ $host }:{ $port }/ (посилання на кімнату: /r/КОД)
cmd-cluster-mode = режим кластера: вузол { $node } на { $where }
cmd-cluster-mode-acked = режим кластера: вузол { $node } на { $where } (хід підтверджено, коли його зберігає { NUMBER($replicas) } { $replicas ->
        [one] репліка
        [few] репліки
       *[other] реплік
    })
cmd-cluster-bus = публікація/підписка на { $where }
cmd-admin-on = адміністрування ввімкнено: grundy admin (nodes, rooms, abort, kick, ban, drain, ...) з тим самим секретом у GRUNDY_ADMIN_SECRET
cmd-port-busy = не вдається працювати на { $host }:{ $port }: { $why }
cmd-serve-bad-port = --port { $port }: порт — це число 0..65535
cmd-serve-bad-workers = --workers { $n }: потрібен хоча б один обробник
cmd-serve-bad-grace = --grace { $s }: час очікування має бути додатним
cmd-serve-db-and-redis = --db і { $flag }: вузол кластера зберігає все в Redis; вкажіть щось одне
cmd-serve-bots-redis = --bots redis: обробники ботів доступні через Redis кластера; вкажіть також --redis URL
cmd-serve-bad-public-url = --public-url { $url }: вкажіть URL, наприклад ws://game1.example.org:8765/
cmd-serve-bad-leave-grace = --leave-grace { $s }: від 0 до 600 секунд
cmd-serve-bad-lease = --lease-ms { $ms }: оренда триває 300..600000 мс
cmd-serve-short-secret = { $env }: секрет адміністратора має щонайменше { NUMBER($n) } { $n ->
        [one] символ
        [few] символи
       *[other] символів
    }
cmd-serve-no-redis = не вдається використати Redis на { $where }: { $why }
cmd-serve-no-bus = не вдається використати Redis шини на { $where }: { $why }

cmd-serve-help = запустити вузол сервера grundy (окремо або в кластері з --redis)
cmd-serve-help-host = адреса для прослуховування (типово 127.0.0.1; 0.0.0.0 — усі)
cmd-serve-help-port = порт для websockets і GET /health (типово 8765)
cmd-serve-help-db = файл сховища (типово { $path })
cmd-serve-help-workers = процеси-обробники ботів (типово: по одному на ядро)
cmd-serve-help-grace = скільки секунд гравець, що від'єднався, має, щоб повернутися
cmd-serve-help-lease = режим кластера: скільки кімната лишається за вузлом, який перестав її поновлювати (типово 3000)
cmd-serve-help-node-id = режим кластера: назва цього вузла (типово: випадкова)
cmd-serve-help-public-url = режим кластера: адреса, за якою клієнти досягають цього вузла (ws://HOST:PORT/ або wss://...); її повідомляють кожному клієнтові, щоб він міг продовжити тут, коли його вузла не стане (типово: ws://HOST:PORT/ з --host і --port)
cmd-serve-help-leave-grace = режим кластера: коли цей вузол зупиняється (SIGTERM, grundy admin drain), скільки часу мають його клієнти, щоб перейти на інші вузли, поки він передає їхні запити; 0 — закрити з'єднання одразу (типово 10)
cmd-serve-help-bots = режим кластера: ходи ботів роблять обробники цього вузла (local, типово) або обробники `grundy bots` будь-де, через Redis (redis)
cmd-serve-help-log-level = скільки вузол пише в журнал (типово info)
cmd-serve-help-log-format = text — для людей (типово), або json: один об'єкт на рядок (час, рівень, журнал, повідомлення, а також вузол, кімната й сесія, яких він стосується)

cmd-redis-help = режим кластера: спільний з іншими вузлами Redis (redis://HOST:PORT/DB) замість файлу сховища
cmd-redis-help-sentinel = режим кластера з реплікованим Redis: Sentinel-и, що називають його основний сервер (замість --redis; разом із --redis-master)
cmd-redis-help-master = ім'я, під яким Sentinel-и стежать за основним сервером (sentinel monitor NAME ...)
cmd-redis-help-replicas = хід підтверджено, коли його зберігають N реплік (Redis WAIT; типово 1 з --redis-sentinel, 0 з --redis; 0 — щойно він є на основному)
cmd-redis-help-wait = скільки хід може чекати на репліки (типово { $ms }); на хід, який вони не підтвердили вчасно, відповідають 'unavailable', і його не розсилають
cmd-redis-help-bus = режим кластера: передавати кадри й запити між вузлами (публікація/підписка) через цей Redis (redis://HOST:PORT/DB), а не через Redis сховища; він нічого не зберігає, тож йому не потрібен append-only файл, і кадри ходу не чекають на fsync (docs/STORE.md)
cmd-redis-both = --redis і --redis-sentinel: вкажіть щось одне (URL або Sentinel-и, що називають основний сервер)
cmd-redis-no-master = --redis-sentinel: вкажіть також --redis-master NAME (ім'я, під яким Sentinel-и стежать за основним сервером)
cmd-redis-no-sentinel = --redis-master: воно називає основний сервер для Sentinel-ів; вкажіть також --redis-sentinel HOST:PORT,...
cmd-redis-bad-url = { $flag } { $url }: вкажіть URL, наприклад { $example }
cmd-redis-bad-sentinel = --redis-sentinel { $value }: { $why }
cmd-redis-needed = вкажіть --redis URL або --redis-sentinel HOST:PORT,... разом із --redis-master NAME
cmd-redis-replicas-alone = { $flag }: репліки бувають лише в кластера (вкажіть також --redis або --redis-sentinel)
cmd-redis-bad-replicas = --redis-replicas { $n }: від 0 до 16
cmd-redis-bad-wait = --redis-wait-ms { $ms }: від 10 до { $most } мс
cmd-redis-bus-alone = --redis-bus: шина передає кадри кластера між його вузлами (вкажіть також --redis або --redis-sentinel)

cmd-register-help = зареєструвати ім'я гравця (рейтинги й історія зберігаються)
cmd-register-about = Зареєструвати NAME на вузлі: ви стаєте гравцем, чиї рейтинги, історія та участь у турнірах зберігаються від одного з'єднання до іншого. Вузол створює секрет і показує його один раз; він зберігається в players.json у вашій теці grundy ($GRUNDY_CONFIG_DIR, інакше ~/.config/grundy; читати можете лише ви), і grundy play, боти та міст Gomocup використовують його щоразу, коли з'єднуються з цим вузлом як NAME. Ім'я — від 1 до 32 літер, цифр, _ . або -, унікальне без огляду на регістр.
cmd-register-help-name = ім'я гравця
cmd-register-help-server = URL вузла (типово { $url }); кілька вузлів одного кластера — через кому або повторюючи --server: реєстрація на першому, що відповість, секрет зберігається для кожного
cmd-register-bad-name = ім'я { $name }: ім'я гравця — від 1 до 32 літер, цифр, _ . або -, і починається з літери чи цифри
cmd-register-not-saved = { $name } зареєстровано, але його секрет не вдалося зберегти: { $why }
cmd-register-secret-once = секрет (показано один раз; збережіть його): { $secret }
cmd-registered = { $name } зареєстровано на { $url }
cmd-register-saved = секрет збережено в { $path }
cmd-register-secret = секрет (показано один раз; щоб грати як { $name } деінде, скопіюйте його туди): { $secret }
cmd-refused = { $code }: { $message }

cmd-leaderboard-help = гравці гри з найвищим рейтингом
cmd-leaderboard-about = Показати найвищі рейтинги Glicko-2 у сімействі ігор (назва з каталогу, з будь-якими параметрами) на вузлі, як рейтинг ± 2·RD (проміжок, у якому лежить сила гравця), із ? після попереднього рейтингу (відхилення понад 110: перші партії або після довгої перерви). Боти сервера показані як bot:РІВЕНЬ.
cmd-leaderboard-help-server = URL вузла (типово { $url }); кілька вузлів одного кластера — через кому або повторюючи --server: перший, що відповість
cmd-leaderboard-help-top = скільки гравців, 1-{ $most } (типово 20)
cmd-leaderboard-bad-top = --top { $n }: від 1 до { $most }
cmd-leaderboard-head = { $game }: рейтинг гравців на { $url }
cmd-leaderboard-empty = у цю гру ще ніхто не зіграв рейтингової партії
cmd-col-rank = місце
cmd-col-player = гравець
cmd-col-rating = рейтинг
cmd-col-games = партії

cmd-bots-help = запустити обробники ботів сервера для вузлів кластера (вони беруть завдання з Redis)
cmd-bots-help-workers = процеси-обробники (типово: по одному на ядро)
cmd-bots-help-levels = лише завдання цих рівнів (random, easy, medium, hard, max; типово: усі), напр. --levels max
cmd-bots-help-claim = завдання, обробник якого мовчить стільки часу, бере інший (типово 1500)
cmd-bots-unknown-levels = невідомі: { $levels }
cmd-bots-no-level = не вказано жодного рівня
cmd-bots-bad-levels = --levels { $value }: { $why }; рівні: { $levels }
cmd-bots-bad-claim = --claim-ms { $ms }: від 100 до 600000 мс
cmd-bots-working = grundy bots: { NUMBER($n) } { $n ->
        [one] обробник
        [few] обробники
       *[other] обробників
    } на { $where } для рівнів { $levels }

cmd-help-json = вивід для програм (JSON)
cmd-games-help = перелічити всі ігри з їхніми параметрами
cmd-games-alias = { $name }  (= { $of } з типовими параметрами)
cmd-games-seats = { $name }  (місць: { $seats })
cmd-games-none = немає
cmd-games-default = типово { $value }
cmd-show-help = зіграти ходи й показати позицію, можливі ходи та результат
cmd-show-help-as = показати позицію так, як її бачить це місце (0, 1, ...) або глядач (типово: усе)
cmd-analyze-help = значення кожної клітинки: результат і K, значення Гранді, ціна, час до впіймання
cmd-analyze-about = corner (2 гравці): виграш/програш за K ходів і значення Гранді кожної клітинки, з перевіркою правила парності для короля, тури як німу з двох купок і ферзя як гри Вітгофа; pawn: ціна кожної клітинки; pursuit з одним переслідувачем: час до впіймання з кожної пари клітинок.
cmd-analyze-help-pursuer = pursuit: намалювати дошку для переслідувача на цій клітинці (типово: його початкова)
cmd-analyze-help-json = вивід для програм: JSON, значення кожної клітинки в "cells"

cmd-export-help = експортувати записи завершених партій зі сховища
cmd-export-about = Записати завершені (і перервані) партії: рядки JSON, текст для читання, текст у стилі PGN із тегами або файли Piskvork .psq для гомоку (docs/RECORDS.md).
cmd-export-help-room = лише цю кімнату
cmd-export-help-all = усі партії сховища, що закінчилися, завершені чи перервані, від найстаріших (типово)
cmd-export-help-format = jsonl (типово): один запис JSON на рядок; text: для читання; pgn: теги й ходи у стилі PGN; psq: партії гомоку для інструментів Gomocup (Piskvork), кожна в окремому файлі в --out
cmd-export-help-out = psq: тека, куди записати файли ROOM.psq
cmd-export-help-db = файл сховища (типово { $path }); лише читається, ніколи не змінюється
cmd-export-db-and-redis = --db і --redis/--redis-sentinel: вкажіть щось одне (файл сховища вузла або Redis кластера)
cmd-export-psq-out = --format psq записує кожну партію в окремий файл: вкажіть --out DIR (або --room ID, щоб вивести одну партію)
cmd-export-out-psq = --out — лише для --format psq (інші формати виводяться в стандартний вивід)
cmd-export-not-psq = кімната { $room } — це партія { $game }: .psq містить лише партії гомоку
cmd-export-no-room = немає кімнати { $room } у { $where }
cmd-export-no-room-cluster = немає кімнати { $room } у кластері
cmd-export-wrote = записано { NUMBER($n) } { $n ->
        [one] партію
        [few] партії
       *[other] партій
    } гомоку в { $path } (пропущено інших: { NUMBER($skipped) })
cmd-export-no-store = немає сховища { $path }: спершу запустіть `grundy serve` або вкажіть --db PATH

cmd-warning = попередження
cmd-admin-help = керувати запущеними вузлами: перелік вузлів і кімнат, переривання кімнат, вигнання й блокування гравців, зупинка вузла
cmd-admin-about = Керувати запущеними вузлами через порт вузла (у режимі кластера будь-який вузол відповідає за весь кластер). Секрет адміністратора береться з ${ $env }, ніколи з командного рядка; вузли мають бути запущені з тим самим секретом. Код виходу: 0 виконано, 1 відмова або вузол недоступний, 2 помилка у виклику.
cmd-admin-help-node = адреса вузла: HOST:PORT або його URL (http://... чи ws://...)
cmd-admin-help-json = вивести відповідь вузла в JSON замість таблиці
cmd-admin-help-nodes = перелік вузлів (у кластері — усіх живих): адреса (для drain), кімнати, з'єднання, оренди
cmd-admin-help-rooms = перелік і пошук кімнат (у кластері — усіх вузлів), від найновіших
cmd-admin-help-game = лише кімнати цієї гри
cmd-admin-help-player = лише кімнати, де цей гравець займає місце
cmd-admin-help-state = лише кімнати в цьому стані
cmd-admin-help-abort = завершити кімнату без результату: її гравці отримують game_over (aborted) з причиною
cmd-admin-help-room = ідентифікатор кімнати (їх показує grundy admin rooms)
cmd-admin-help-reason-room = причина, як її прочитають гравці
cmd-admin-help-kick = закрити всі з'єднання гравця з цим ім'ям (без огляду на регістр) на всіх вузлах
cmd-admin-help-ban = заблокувати ім'я гравця (зберігається у сховищі: hello, resume і register відхиляються) і вигнати його
cmd-admin-help-unban = зняти блокування з імені гравця
cmd-admin-help-name = ім'я гравця (без огляду на регістр)
cmd-admin-help-reason-player = причина, як її прочитає гравець
cmd-admin-help-bans = перелік заблокованих імен гравців
cmd-admin-help-drain = те саме, що SIGTERM: вузол закриває з'єднання (клієнти продовжують деінде), передає свої кімнати й зупиняється
cmd-admin-help-timeout = скільки секунд чекати на зупинку вузла (типово 60)
cmd-admin-help-no-wait = повернутися, щойно вузол прийняв зупинку
cmd-admin-bad-node = NODE { $node }: вкажіть адресу вузла як HOST:PORT або його URL, напр. ws://127.0.0.1:8765/
cmd-admin-no-secret = задайте в { $env } секрет адміністратора вузла (його ніколи не передають у командному рядку)
cmd-admin-bad-timeout = --timeout { $s }: вкажіть додатне число секунд
cmd-admin-unreachable = не вдалося з'єднатися з вузлом { $url }: { $why }
cmd-admin-refused = вузол { $url } відмовив: { $why }
cmd-admin-no-rooms = кімнат немає
cmd-admin-no-bans = блокувань немає
cmd-admin-aborted = кімната { $room } на вузлі { $node }: { $state } ({ $reason })
cmd-admin-unbanned = { $name }: блокування знято
cmd-admin-kicked = { $name }: закрито з'єднань: { NUMBER($n) }
cmd-admin-banned = { $name }: заблоковано ({ $reason }); закрито з'єднань: { NUMBER($n) }
cmd-admin-draining = вузол { $node } зупиняється: передано кімнат: { NUMBER($rooms) }, з'єднань, яким сказано перейти: { NUMBER($n) } (їхні клієнти продовжать на інших вузлах)
cmd-admin-stopped = вузол { $node } зупинився
cmd-admin-restarted = вузол { $node } зупинився (і його знову запущено)
cmd-admin-still-running = вузол { $node } усе ще працював через { $s } с після зупинки

cmd-open-long-line = { $where }: рядок має не більше { $most } символів
cmd-open-header-once = { $where }: заголовок `game:` буває один раз, перед першим дебютом
cmd-open-long = { $where }: дебют має не більше { $most } ходів, а цей — { $n }
cmd-open-many = { $where }: файл містить не більше { $most } дебютів
cmd-open-none = { $where }: немає дебютів (по одному на рядок: ходи через пробіл; # починає коментар)
cmd-open-header = { $where }: пишіть заголовок як `game: NAME key=value ...`, напр. `game: gomoku size=15`
cmd-open-header-word = { $where }: { $word } у заголовку: пишіть key=value, напр. size=15
cmd-open-no-file = --openings { $path }: такого файлу немає
cmd-open-unreadable = --openings { $path }: не вдається прочитати ({ $why })
cmd-open-no-set = --openings builtin:{ $name }: такого набору немає; вбудовані набори: { $sets }
cmd-open-no-builtin = --openings builtin: для { $game } немає вбудованого набору (набори: { $sets }); напишіть власний файл (docs/MATCH.md)
cmd-open-header-game = { $where }: гра в заголовку: { $why }
cmd-open-other-game = { $where }: дебюти для { $theirs }, а не для { $game }
cmd-open-other-params = { $where }: дебюти для { $theirs }, а гра йде з { $ours }
cmd-open-bad-move = { $where }: хід { $i } { $move }: { $why }
cmd-open-over = { $where }: після цього дебюту гру закінчено; дебют має лишати гру, яку можна грати

cmd-id-too-large = { $path }: більший за { $most } байтів; це не файл збережених секретів
cmd-id-unreadable = { $path }: не вдається прочитати ({ $why })
cmd-id-not-secrets = { $path }: це не файл збережених секретів (немає розділу 'servers')
cmd-id-no-folder = { $path }: не вдається створити ({ $why })
cmd-id-unwritable = { $path }: не вдається записати ({ $why })
