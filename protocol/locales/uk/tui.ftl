# Лобі термінального клієнта українською: вкладки, кнопки, поля, заголовки стовпців і підказки
# (client/tui/app.py, players.py, tournaments.py).

## Вкладки
tui-lobby-tab-new = Нова гра (F4)
tui-lobby-tab-rooms = Кімнати (F4)
tui-lobby-tab-tournaments = Турніри (F8)
tui-lobby-tab-players = Гравці (F9)
tui-lobby-tab-games = Партії (F10)

## Створення кімнати
tui-lobby-params = параметри
tui-lobby-clock = годинник
tui-lobby-vs = проти
tui-lobby-clock-placeholder = хв+с, напр. 5+2 або 30s+1; порожньо: без годинника
tui-lobby-private = приватна
tui-lobby-rated = рейтингова
tui-lobby-btn-create = F2 Створити
tui-lobby-btn-quick = F3 Швидка гра
tui-lobby-vs-bot = бот ({ $level })
tui-lobby-vs-human = людина (вільне місце)
tui-lobby-vs-invite = людина (код запрошення: будь-хто, хто його має)
tui-lobby-help-new = ↑↓ виберіть гру, Enter створює її кімнату; Tab — до налаштувань; F11 дошка, F12 задачі, F1 довідка

## Кімнати, турніри, гравці, партії
tui-lobby-btn-refresh = F5 Оновити
tui-lobby-btn-join = F6 Увійти
tui-lobby-btn-watch = F7 Дивитися
tui-lobby-code = код
tui-lobby-code-placeholder = код або id кімнати: F6 — увійти, F7 — дивитися
tui-lobby-help-rooms = ↑↓ виберіть кімнату, Enter — увійти; введений код має перевагу над списком
tui-lobby-help-tournaments = ↑↓ виберіть турнір, Enter або F6 відкриває його (таблиця, партії); F2 створює новий
tui-lobby-help-players = ↑↓ виберіть гравця, Enter або F6 викликає його на гру
tui-lobby-player = гравець
tui-lobby-player-placeholder = зареєстроване ім'я або bot:РІВЕНЬ
tui-lobby-game = гра
tui-lobby-game-placeholder = порожньо: усі ігри
tui-lobby-help-games = Enter показує партії гравця; ↑↓ виберіть партію, Enter або F7 відкриває її; [ новіші, ] старші

## Заголовки стовпців
tui-col-room = кімната
tui-col-game = гра
tui-col-clock = годинник
tui-col-seats = місця
tui-col-status = стан
tui-col-state = стан
tui-col-name = назва
tui-col-format = формат
tui-col-entrants = учасники
tui-col-round = тур
tui-col-player = гравець
tui-col-kind = хто
tui-col-where = де
tui-col-ratings = рейтинги
tui-col-ended = завершено (UTC)
tui-col-players = гравці
tui-col-result = результат
tui-col-moves = ходи

## Виклик гравця (client/tui/players.py)
tui-challenge-title = Викликати { $name }
tui-challenge-send = Викликати (Enter)
tui-challenge-cancel = Скасувати (Esc)
tui-challenge-accept = Прийняти (y)
tui-challenge-decline = Відхилити (n, Esc)
tui-challenge-no-game = виберіть гру

## Сторінка турніру (client/tui/tournaments.py)
tui-tournament-title = турнір { $id }
tui-tournament-round = { $rounds ->
        [0] тур { $n }
       *[other] тур { $n } з { $rounds }
    }: F6 або Enter — дивитися партію
tui-tournament-no-round = турів ще немає: пари складаються, коли організатор почне турнір
tui-tcol-place = #
tui-tcol-player = гравець
tui-tcol-kind = хто
tui-tcol-points = оч
tui-tcol-games = п
tui-tcol-wdl = в-н-п
tui-tcol-tiebreak = дп
tui-tcol-rating = рейтинг
tui-tcol-change = зміна тут
tui-tcol-board = д
tui-tcol-game = гра
tui-tcol-players = гравці
tui-tcol-result = результат
tui-tcol-room = кімната

## `grundy show`: хід, який не можна зробити (cli/games.py)
tui-show-refused = хід { $n }: '{ $move }': { $why }
tui-show-unreadable = це не хід у записі цієї гри (можливі ходи: { $moves })
tui-show-illegal = такий хід у цій позиції неможливий (можливі ходи: { $moves })
tui-show-no-moves = жодного, гру закінчено
tui-show-refused-told = хід { $n }: { $why }

## `grundy show`: малюнки ігор з купками (cli/games.py)
tui-show-nim = { $game }{ $misere ->
        [yes] {" "}(мізер)
       *[no] {""}
    }
tui-show-heap = купка { $n }
tui-show-the-heap = купка
tui-show-total = усього
tui-show-subtraction = { $game }: брати { $take }, мета { $goal } ({ $rule })
tui-show-stones = { $game }: дії { $ops }, мета { $goal } ({ $rule })

## Дошки з купками в терміналі (client/tui/board.py)
tui-board-nim = Нім ({ $misere ->
        [yes] мізер: хто бере останній предмет, той програє
       *[no] хто бере останній предмет, той виграє
    })
tui-board-subtraction = Гра з відніманням: брати { $take }; мета { $goal } ({ $rule })
tui-board-stones = Купки каменів: усього { $total }, мета { $goal } ({ $rule })

## Новий турнір (client/tui/tournaments.py)
tui-newt-title = Новий турнір
tui-newt-format = формат
tui-newt-rounds = тури
tui-newt-rounds-placeholder = лише швейцарська система, 1-256
tui-newt-gpp = партій/пару
tui-newt-bots = боти
tui-newt-bots-placeholder = боти сервера за рівнем, напр. easy,max
tui-newt-create = Створити (Enter)
tui-newt-withdraw = Вийти з турніру { $name }? Партію, яку ви граєте, буде здано, а наступні партії зараховано як поразки без гри.
tui-newt-swiss-rounds = тури: для швейцарської системи потрібна кількість турів (1-256)
tui-newt-no-rounds = тури: кількість турів задають лише для швейцарської системи ({ $format } грає всі)
tui-newt-bad-level = боти: { $level } — не рівень; напишіть кілька з { $levels }
tui-newt-many-bots = боти: щонайбільше { $most } ботів сервера
tui-newt-not-whole = { $field }: { $given } — не ціле число ({ $low }-{ $high })
tui-newt-out-of-bounds = { $field }: { $given } поза межами ({ $low }-{ $high })

## Дошка аналізу в терміналі (client/tui/analysis.py)
tui-an-placeholder = а якщо: хід звідси, Enter (F5)
tui-an-help = ←/→ крок · Home/End · хід у списку · Esc назад
tui-an-what-if-banner = А ЯКЩО (F4: назад до партії)
tui-an-title = аналіз · { $game } · хід { $ply } з { $plies }
tui-an-to-move = ходить { $name }
tui-an-the-end = кінець
tui-an-tree-after = { $game } після { $moves }
tui-an-tree-start = { $game } на початку
tui-an-not-here = тут неможливо: { $why }
tui-an-what-if = а якщо { $move }: F4 повертає до ходів партії

## Рядок стану лобі (client/tui/app.py)
tui-lobby-no-room-join = кімнати { $code } на цьому сервері немає: перевірте код або id кімнати
tui-lobby-no-room-watch = кімнати { $code } на цьому сервері немає: перевірте id кімнати (або код приватної кімнати)
tui-lobby-unreachable = не вдається з'єднатися з { $url }: { $why }
tui-lobby-connected = з'єднано з { $url } як { $name }
tui-lobby-link-over = з'єднання завершено: { $why }
tui-lobby-queued = очікування в черзі швидкої гри: { $game }... (Esc — вийти з черги)
tui-lobby-done-enter = ви зареєструвалися: { $name }
tui-lobby-done-withdraw = ви вийшли з турніру: { $name }
tui-lobby-done-start = турнір почався: { $name }
tui-lobby-done = { $verb }: { $name }
tui-lobby-tournament-open = { $name }: реєстрацію відкрито; F2 — взяти участь, F4 — почати

## Відповіді лобі на клавішу, коли нічого не вибрано
tui-say-type-name = введіть ім'я гравця (зареєстроване або bot:LEVEL)
tui-say-no-older = старіших партій немає
tui-say-newest = це найновіші партії
tui-say-no-tournament = турнір не вибрано: F2 — створити, F5 — оновити список
tui-say-no-player = гравця не вибрано: F5 — оновити список
tui-say-that-is-you = це ви (на цьому чи іншому пристрої): для виклику виберіть когось іншого
tui-say-choose-game = спершу виберіть гру
tui-say-no-game = партію не вибрано: введіть ім'я гравця, і Enter покаже список партій
tui-say-no-room = кімнату не вибрано: F5 — оновити список, або введіть код
tui-say-no-room-game = виберіть партію, що має кімнату (у партії, що очікує, її ще немає)

## Клавіші діалогів (панель клавіш)
tui-key-cancel = скасувати
tui-key-back = назад
tui-key-open-node = відкрити позицію
tui-key-deeper = глибше
tui-key-answer-true = прийняти
tui-key-answer-false = відхилити
