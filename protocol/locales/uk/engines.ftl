# Слова `grundy gomocup-bot` і `grundy pbrain` (довідка, відмови, збої рушія) та решта слів CLI (заголовки
# таблиць і приклади admin, позначки значень): eng-...
# Власні слова argparse для кожної команди: args-... ($-аргумент — значення, яке підставляє argparse).

# argparse
args-usage = використання:
args-positional = позиційні аргументи
args-options = параметри
args-help = показати цю довідку й вийти
args-version = показати версію програми й вийти
args-argument = аргумент { $name }: { $message }
args-required = потрібні такі аргументи: { $names }
args-one-required = потрібен один з аргументів { $names }
args-expected-one = очікується один аргумент
args-expected-at-most-one = очікується щонайбільше один аргумент
args-expected-at-least-one = очікується щонайменше один аргумент
args-expected-n = { $n ->
        [one] очікується { NUMBER($n) } аргумент
        [few] очікуються { NUMBER($n) } аргументи
        [many] очікується { NUMBER($n) } аргументів
       *[other] очікується { NUMBER($n) } аргументу
    }
args-unrecognized = невідомі аргументи: { $args }
args-not-allowed-with = не можна разом з аргументом { $name }
args-ignored-value = зайве значення аргументу: { $value }
args-ambiguous = неоднозначний параметр: { $option } може означати { $matches }
args-unexpected-option = неочікуваний параметр: { $option }
args-invalid-value = неприпустиме значення (тип { $type }): { $value }
args-invalid-choice = неприпустиме значення: { $value } (виберіть одне з: { $choices })
args-unknown-command = невідома команда { $name } (можливі: { $choices })

# позначки значень параметрів (human, bot, open — самі значення, їх не перекладають)
eng-metavar-vs = human|bot:РІВЕНЬ
eng-metavar-vs-open = bot:РІВЕНЬ|open
eng-metavar-hosts = ХОСТ:ПОРТ,...
eng-metavar-lang = МОВА
eng-metavar-command = КОМАНДА
eng-metavar-level = РІВЕНЬ
eng-metavar-name = ІМ'Я
eng-metavar-secret = СЕКРЕТ
eng-metavar-code = КОД
eng-metavar-set = КЛЮЧ=ЗНАЧЕННЯ
eng-metavar-clock = ХВ+С
eng-metavar-path = ШЛЯХ
eng-metavar-game = ГРА
eng-metavar-ms = МС
eng-metavar-spec = УЧАСНИК
eng-metavar-s = С
eng-metavar-seconds = СЕКУНДИ
eng-metavar-min-inc = ХВ+ДОДАТОК
eng-metavar-room = КІМНАТА
eng-metavar-moves = "Х1 Х2 ..."
eng-metavar-seat = МІСЦЕ|spectator
eng-metavar-brain = ШЛЯХ_ДО_РУШІЯ
eng-metavar-node = ВУЗОЛ
eng-metavar-mb = МБ
eng-metavar-range = ВІД..ДО
eng-metavar-lang-name = МОВА
eng-metavar-levels = Р1,Р2,...
eng-metavar-openings = ФАЙЛ|builtin[:ІМ'Я]
eng-metavar-dir = ТЕКА
eng-metavar-cell = КЛІТИНКА
eng-metavar-action = ДІЯ

# grundy gomocup-bot: довідка
eng-gomocup-help = запустити рушій гомоку з протоколом Gomocup як бота
eng-gomocup-about = Запускає рушій гомоку, що розмовляє протоколом Gomocup AI (START, BEGIN, TURN, BOARD, INFO, ABOUT, END), як бота на вузлі grundy.  Типово він приймає виклики: сідає на вільне місце будь-якої кімнати гомоку, що чекає на гравця (без дебюту swap), де вже хтось сидить; --tournament ID записує його до турніру, і він грає всі його партії.  Ліміти часу беруться з годинника кімнати; рушій, що впав або мовчить довше за свій час, програє партію за часом.
eng-gomocup-help-brain = програма рушія (файл .py запускається цим Python)
eng-gomocup-help-server = URL вузла (типово ws://127.0.0.1:8765); кілька вузлів кластера — через кому або кількома --server: коли вузол рушія зникає, його партії тривають на іншому
eng-gomocup-help-name = ім'я для показу (типово: ім'я та версія з відповіді рушія на ABOUT)
eng-gomocup-help-secret = секрет зареєстрованого гравця (типово: той, що зберегла grundy register)
eng-gomocup-help-room = приєднатися до кімнати з цим id
eng-gomocup-help-code = приєднатися до кімнати за цим кодом
eng-gomocup-help-vs = створити кімнату гомоку проти бота вузла
eng-gomocup-help-quick = стати в чергу на швидку гру
eng-gomocup-help-tournament = записатися на цей турнір з гомоку й зіграти його до кінця
eng-gomocup-help-seat = яке місце зайняти (0 грає чорними)
eng-gomocup-help-set = параметр гомоку для --vs/--quick, наприклад --set size=19 --set rule=renju
eng-gomocup-help-clock = контроль часу для --vs/--quick: 5+2 — це 5 хвилин і 2 с на хід, 30s+1 — 30 секунд і 1 с на хід
eng-gomocup-help-games = зупинитися після N партій
eng-gomocup-help-turn-ms = час на обдумування ходу в партіях без годинника, мс (типово { NUMBER($ms) })
eng-gomocup-help-memory = INFO max_memory для рушія (0: без обмеження)
eng-gomocup-help-openings = vary: протягом --games чергувати кольори й ставити перший камінь рушія з переліку дебютів (кожен дебют обома кольорами); engine: усі ходи робить рушій (типово vary)
eng-gomocup-help-verbose = записувати в журнал, що робить бот, і рядки MESSAGE/DEBUG рушія

# збої рушія (міст: client/gomocup.py); $who — одне з повідомлень eng-who-
eng-who-engine = рушій
eng-who-brain = рушій
eng-who-brain-for = рушій кімнати { $room }
eng-off-board = { $x },{ $y } поза дошкою { $size }x{ $size } (координати від 0 до { $last })
eng-not-a-move = рушій відповів { $line }, а це не хід x,y
eng-hidden-move = хід { $n } прихований, а в гомоку прихованих ходів немає
eng-cannot-start = { $who }: не вдалося запустити { $program }: { $error }
eng-start-refused = { $who } відповів { $answer } на START { $size }, а не OK
eng-answered = { $who } відповів { $line } на { $command }
eng-not-started = { $who } не запущено
eng-exited = { $who } завершив роботу (код { $code })
eng-exited-saying = { $who } завершив роботу (код { $code }): { $said }
eng-silent = { $who } не відповів на { $command } за { NUMBER($seconds, minimumFractionDigits: 2) } с
eng-tournament-refused = турнір { $tournament } грає в { $game } з { $params }: рушій Gomocup грає лише гомоку без дебюту swap

# grundy pbrain: довідка
eng-pbrain-help = грати як рушій Gomocup (протокол Gomocup AI на stdin/stdout) для Piskvork та інших менеджерів
eng-pbrain-about = Запускає рушій гомоку grundy як рушій (brain) Gomocup: він читає протокол Gomocup AI (START, RECTSTART, RESTART, INFO, BEGIN, TURN, BOARD, TAKEBACK, ABOUT, END) зі stdin і відповідає в stdout.  Правила гомоку (freestyle, standard, renju, caro) на дошках 15x15 і 19x19; на інших розмірах — вільні правила, п'ять у ряд.
eng-pbrain-help-level = рівень бота: random, easy, medium, hard або max (типово max)
eng-pbrain-help-seed = зерно для випадкових виборів бота (типово: нове)
# що рушій каже після UNKNOWN, ERROR і DEBUG протоколу (менеджер показує це своєму користувачеві)
eng-brain-unknown = { $word } — не команда цього рушія
eng-brain-failed = збій рушія: { $error }
eng-brain-size = непідтримуваний розмір { $width }x{ $height }: дошки від 5 до 52 клітинок на бік
eng-brain-begin-not-empty = BEGIN на непорожній дошці
eng-brain-taken = { $cell } уже зайнято
eng-brain-no-stone = на { $cell } немає каменя, щоб забрати його
eng-brain-twice = BOARD двічі називає { $cell }
eng-brain-board-line = рядок BOARD { $line } не має вигляду x,y,поле
eng-brain-board-field = поле BOARD { $field } не є 1, 2 чи 3
eng-brain-no-board = дошки ще немає: спершу надішліть START
eng-brain-off-board = { $cell } поза дошкою { $width }x{ $height }
eng-brain-rule-size = правилу { $rule } потрібна дошка 15x15 або 19x19; на { $width }x{ $height } грають лише за вільними правилами (freestyle)
eng-brain-not-its-turn = своїх каменів: { NUMBER($own) }, каменів суперника: { NUMBER($theirs) } — зараз не може бути хід рушія
eng-brain-over = на цій дошці партію закінчено
eng-brain-not-a-number = { $what } { $value } — не число
# рядок DEBUG перед кожним ходом: рівень, як знайдено хід (слова розв'язувача), обсяг пошуку
eng-brain-note = { $level } { $how }, глибина { NUMBER($depth) }, { NUMBER($nodes) } { $nodes ->
        [one] вузол
        [few] вузли
        [many] вузлів
       *[other] вузла
    }

# grundy solve: правило й точний пошук не згодні (ваду слід повідомити)
eng-solve-internal = внутрішня помилка: правило { $rule } каже { $said }, а точний пошук — { $searched }

# grundy admin: заголовки таблиць (--json друкує власні ключі вузла)
eng-admin-head-node = ВУЗОЛ
eng-admin-head-address = АДРЕСА
eng-admin-head-status = СТАН
eng-admin-head-uptime = ПРАЦЮЄ
eng-admin-head-connections = З'ЄДНАННЯ
eng-admin-head-sessions = СЕАНСИ
eng-admin-head-rooms-live = КІМНАТИ ЖИВІ
eng-admin-head-rooms-ended = КІМНАТИ ЗАВЕРШЕНІ
eng-admin-head-leases = ОРЕНДИ
eng-admin-head-room = КІМНАТА
eng-admin-head-game = ГРА
eng-admin-head-state = СТАН
eng-admin-head-ply = ПІВХІД
eng-admin-head-seats = МІСЦЯ
eng-admin-head-watching = ГЛЯДАЧІ
eng-admin-head-created = СТВОРЕНО (UTC)
eng-admin-head-player = ГРАВЕЦЬ
eng-admin-head-since = ВІДКОЛИ (UTC)
eng-admin-head-reason = ПРИЧИНА
eng-admin-no-answer = немає відповіді
eng-admin-leases = кімнат: { NUMBER($rooms) }, турнірів: { NUMBER($tournaments) }
eng-admin-seat-free = (вільне)
eng-admin-seat-away = { $name } (не на зв'язку)
eng-admin-node-status = вузол { $node }: { $status }
# grundy admin --help: приклади
eng-admin-examples = приклади (NODE — будь-який вузол: у режимі кластера він відповідає за весь кластер):
eng-admin-examples-end = Типово — таблиці для людей; --json друкує JSON-відповідь вузла.  Див. docs/OPERATIONS.md.
eng-admin-ex-secret = export { $env }=...
eng-admin-ex-secret-does = секрет вузлів (ніколи не в командному рядку)
eng-admin-ex-nodes = grundy admin nodes { $node }
eng-admin-ex-nodes-does = кожен вузол: його адреса (для drain), кімнати, з'єднання
eng-admin-ex-rooms = grundy admin rooms { $node } --player ann --state playing
eng-admin-ex-rooms-does = кімнати, де ann зараз грає
eng-admin-ex-abort = grundy admin abort { $node } ROOM --reason "технічне обслуговування сервера"
eng-admin-ex-abort-does = завершити кімнату без результату
eng-admin-ex-kick = grundy admin kick { $node } NAME --reason "засмічення чату"
eng-admin-ex-kick-does = закрити з'єднання гравця
eng-admin-ex-ban = grundy admin ban { $node } NAME --reason "нечесна гра"
eng-admin-ex-ban-does = заблокувати гравця (unban NODE NAME знімає блокування; bans NODE — перелік)
eng-admin-ex-drain = grundy admin drain { $node }
eng-admin-ex-drain-does = зупинити вузол, передавши його кімнати іншим
