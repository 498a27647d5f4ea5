# Слова `grundy gomocup-bot` и `grundy pbrain` (справка, отказы, сбои движка) и остальные слова CLI (заголовки
# таблиц и примеры admin, обозначения значений): eng-...
# Собственные слова argparse для каждой команды: args-... ($-аргумент — значение, которое подставляет argparse).

# argparse
args-usage = синтаксис:
args-positional = позиционные аргументы
args-options = параметры
args-help = показать эту справку и выйти
args-version = показать версию программы и выйти
args-argument = аргумент { $name }: { $message }
args-required = нужны следующие аргументы: { $names }
args-one-required = нужен один из аргументов { $names }
args-expected-one = ожидается один аргумент
args-expected-at-most-one = ожидается не более одного аргумента
args-expected-at-least-one = ожидается хотя бы один аргумент
args-expected-n = { $n ->
        [one] ожидается { NUMBER($n) } аргумент
        [few] ожидаются { NUMBER($n) } аргумента
        [many] ожидается { NUMBER($n) } аргументов
       *[other] ожидается { NUMBER($n) } аргумента
    }
args-unrecognized = нераспознанные аргументы: { $args }
args-not-allowed-with = нельзя вместе с аргументом { $name }
args-ignored-value = лишнее значение аргумента: { $value }
args-ambiguous = неоднозначный параметр: { $option } может означать { $matches }
args-unexpected-option = неожиданный параметр: { $option }
args-invalid-value = недопустимое значение (тип { $type }): { $value }
args-invalid-choice = недопустимое значение: { $value } (выберите одно из: { $choices })
args-unknown-command = неизвестная команда { $name } (возможны: { $choices })

# обозначения значений параметров (human, bot, open — сами значения, их не переводят)
eng-metavar-vs = human|bot:УРОВЕНЬ
eng-metavar-vs-open = bot:УРОВЕНЬ|open
eng-metavar-hosts = ХОСТ:ПОРТ,...
eng-metavar-lang = ЯЗЫК
eng-metavar-command = КОМАНДА
eng-metavar-level = УРОВЕНЬ
eng-metavar-name = ИМЯ
eng-metavar-secret = СЕКРЕТ
eng-metavar-code = КОД
eng-metavar-set = КЛЮЧ=ЗНАЧЕНИЕ
eng-metavar-clock = МИН+С
eng-metavar-path = ПУТЬ
eng-metavar-game = ИГРА
eng-metavar-ms = МС
eng-metavar-spec = УЧАСТНИК
eng-metavar-s = С
eng-metavar-seconds = СЕКУНДЫ
eng-metavar-min-inc = МИН+ДОБАВКА
eng-metavar-room = КОМНАТА
eng-metavar-moves = "Х1 Х2 ..."
eng-metavar-seat = МЕСТО|spectator
eng-metavar-brain = ПУТЬ_К_ДВИЖКУ
eng-metavar-node = УЗЕЛ
eng-metavar-mb = МБ
eng-metavar-range = ОТ..ДО
eng-metavar-lang-name = ЯЗЫК
eng-metavar-levels = У1,У2,...
eng-metavar-openings = ФАЙЛ|builtin[:ИМЯ]
eng-metavar-dir = ПАПКА
eng-metavar-cell = КЛЕТКА
eng-metavar-action = ДЕЙСТВИЕ

# grundy gomocup-bot: справка
eng-gomocup-help = запустить движок гомоку с протоколом Gomocup как бота
eng-gomocup-about = Запускает движок гомоку, говорящий на протоколе Gomocup AI (START, BEGIN, TURN, BOARD, INFO, ABOUT, END), как бота на узле grundy.  По умолчанию он принимает вызовы: садится на свободное место любой ожидающей комнаты гомоку (без дебюта swap), где уже кто-то сидит; --tournament ID записывает его на турнир, и он играет все его партии.  Ограничения времени берутся из часов комнаты; движок, который упал или молчит дольше своего времени, проигрывает партию по времени.
eng-gomocup-help-brain = программа движка (файл .py запускается этим Python)
eng-gomocup-help-server = URL узла (по умолчанию ws://127.0.0.1:8765); несколько узлов кластера — через запятую или несколькими --server: когда узел движка пропадает, его партии продолжаются на другом
eng-gomocup-help-name = отображаемое имя (по умолчанию: имя и версия из ответа движка на ABOUT)
eng-gomocup-help-secret = секрет зарегистрированного игрока (по умолчанию: тот, что сохранила grundy register)
eng-gomocup-help-room = войти в комнату с этим id
eng-gomocup-help-code = войти в комнату по этому коду
eng-gomocup-help-vs = создать комнату гомоку против бота узла
eng-gomocup-help-quick = встать в очередь на быструю игру
eng-gomocup-help-tournament = записаться на этот турнир по гомоку и сыграть его до конца
eng-gomocup-help-seat = какое место занять (0 играет чёрными)
eng-gomocup-help-set = параметр гомоку для --vs/--quick, например --set size=19 --set rule=renju
eng-gomocup-help-clock = контроль времени для --vs/--quick: 5+2 — это 5 минут и 2 с на ход, 30s+1 — 30 секунд и 1 с на ход
eng-gomocup-help-games = остановиться после N партий
eng-gomocup-help-turn-ms = время на обдумывание хода в партиях без часов, мс (по умолчанию { NUMBER($ms) })
eng-gomocup-help-memory = INFO max_memory для движка (0: без ограничения)
eng-gomocup-help-openings = vary: в течение --games чередовать цвета и ставить первый камень движка из списка дебютов (каждый дебют обоими цветами); engine: все ходы делает движок (по умолчанию vary)
eng-gomocup-help-verbose = записывать в журнал, что делает бот, и строки MESSAGE/DEBUG движка

# сбои движка (мост: client/gomocup.py); $who — одно из сообщений eng-who-
eng-who-engine = движок
eng-who-brain = движок
eng-who-brain-for = движок комнаты { $room }
eng-off-board = { $x },{ $y } вне доски { $size }x{ $size } (координаты от 0 до { $last })
eng-not-a-move = движок ответил { $line }, а это не ход x,y
eng-hidden-move = ход { $n } скрыт, а в гомоку скрытых ходов нет
eng-cannot-start = { $who }: не удалось запустить { $program }: { $error }
eng-start-refused = { $who } ответил { $answer } на START { $size }, а не OK
eng-answered = { $who } ответил { $line } на { $command }
eng-not-started = { $who } не запущен
eng-exited = { $who } завершил работу (код { $code })
eng-exited-saying = { $who } завершил работу (код { $code }): { $said }
eng-silent = { $who } не ответил на { $command } за { NUMBER($seconds, minimumFractionDigits: 2) } с
eng-tournament-refused = турнир { $tournament } играет в { $game } с { $params }: движок Gomocup играет только в гомоку без дебюта swap

# grundy pbrain: справка
eng-pbrain-help = играть как движок Gomocup (протокол Gomocup AI на stdin/stdout) для Piskvork и других менеджеров
eng-pbrain-about = Запускает движок гомоку grundy как движок (brain) Gomocup: он читает протокол Gomocup AI (START, RECTSTART, RESTART, INFO, BEGIN, TURN, BOARD, TAKEBACK, ABOUT, END) из stdin и отвечает в stdout.  Правила гомоку (freestyle, standard, renju, caro) на досках 15x15 и 19x19; на других размерах — свободные правила, пять в ряд.
eng-pbrain-help-level = уровень бота: random, easy, medium, hard или max (по умолчанию max)
eng-pbrain-help-seed = зерно для случайных выборов бота (по умолчанию: новое)
# что движок говорит после UNKNOWN, ERROR и DEBUG протокола (менеджер показывает это своему пользователю)
eng-brain-unknown = { $word } — не команда этого движка
eng-brain-failed = сбой движка: { $error }
eng-brain-size = размер { $width }x{ $height } не поддерживается: доски от 5 до 52 клеток по стороне
eng-brain-begin-not-empty = BEGIN на непустой доске
eng-brain-taken = { $cell } уже занята
eng-brain-no-stone = на { $cell } нет камня, чтобы его забрать
eng-brain-twice = BOARD дважды называет { $cell }
eng-brain-board-line = строка BOARD { $line } не имеет вида x,y,поле
eng-brain-board-field = поле BOARD { $field } не равно 1, 2 или 3
eng-brain-no-board = доски ещё нет: сначала пришлите START
eng-brain-off-board = { $cell } вне доски { $width }x{ $height }
eng-brain-rule-size = правилу { $rule } нужна доска 15x15 или 19x19; на { $width }x{ $height } играют только по свободным правилам (freestyle)
eng-brain-not-its-turn = своих камней: { NUMBER($own) }, камней соперника: { NUMBER($theirs) } — сейчас не может быть ход движка
eng-brain-over = на этой доске партия окончена
eng-brain-not-a-number = { $what } { $value } — не число
# строка DEBUG перед каждым ходом: уровень, как найден ход (слова решателя), объём поиска
eng-brain-note = { $level } { $how }, глубина { NUMBER($depth) }, { NUMBER($nodes) } { $nodes ->
        [one] узел
        [few] узла
        [many] узлов
       *[other] узла
    }

# grundy solve: правило и точный перебор не согласны (о такой ошибке нужно сообщить)
eng-solve-internal = внутренняя ошибка: правило { $rule } говорит { $said }, а точный перебор — { $searched }

# grundy admin: заголовки таблиц (--json печатает собственные ключи узла)
eng-admin-head-node = УЗЕЛ
eng-admin-head-address = АДРЕС
eng-admin-head-status = СОСТОЯНИЕ
eng-admin-head-uptime = РАБОТАЕТ
eng-admin-head-connections = СОЕДИНЕНИЯ
eng-admin-head-sessions = СЕАНСЫ
eng-admin-head-rooms-live = КОМНАТЫ ЖИВЫЕ
eng-admin-head-rooms-ended = КОМНАТЫ ЗАВЕРШЁННЫЕ
eng-admin-head-leases = АРЕНДЫ
eng-admin-head-room = КОМНАТА
eng-admin-head-game = ИГРА
eng-admin-head-state = СОСТОЯНИЕ
eng-admin-head-ply = ПОЛУХОД
eng-admin-head-seats = МЕСТА
eng-admin-head-watching = ЗРИТЕЛИ
eng-admin-head-created = СОЗДАНА (UTC)
eng-admin-head-player = ИГРОК
eng-admin-head-since = С (UTC)
eng-admin-head-reason = ПРИЧИНА
eng-admin-no-answer = нет ответа
eng-admin-leases = комнат: { NUMBER($rooms) }, турниров: { NUMBER($tournaments) }
eng-admin-seat-free = (свободно)
eng-admin-seat-away = { $name } (не на связи)
eng-admin-node-status = узел { $node }: { $status }
# grundy admin --help: примеры
eng-admin-examples = примеры (NODE — любой узел: в режиме кластера он отвечает за весь кластер):
eng-admin-examples-end = По умолчанию — таблицы для людей; --json печатает JSON-ответ узла.  См. docs/OPERATIONS.md.
eng-admin-ex-secret = export { $env }=...
eng-admin-ex-secret-does = секрет узлов (никогда не в командной строке)
eng-admin-ex-nodes = grundy admin nodes { $node }
eng-admin-ex-nodes-does = каждый узел: его адрес (для drain), комнаты, соединения
eng-admin-ex-rooms = grundy admin rooms { $node } --player ann --state playing
eng-admin-ex-rooms-does = комнаты, где ann сейчас играет
eng-admin-ex-abort = grundy admin abort { $node } ROOM --reason "техническое обслуживание сервера"
eng-admin-ex-abort-does = завершить комнату без результата
eng-admin-ex-kick = grundy admin kick { $node } NAME --reason "засорение чата"
eng-admin-ex-kick-does = закрыть соединения игрока
eng-admin-ex-ban = grundy admin ban { $node } NAME --reason "нечестная игра"
eng-admin-ex-ban-does = заблокировать игрока (unban NODE NAME снимает блокировку; bans NODE — список)
eng-admin-ex-drain = grundy admin drain { $node }
eng-admin-ex-drain-does = остановить узел, передав его комнаты другим
