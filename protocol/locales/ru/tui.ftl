# Лобби терминального клиента по-русски: вкладки, кнопки, поля, заголовки столбцов и подсказки
# (client/tui/app.py, players.py, tournaments.py).

## Вкладки
tui-lobby-tab-new = Новая игра (F4)
tui-lobby-tab-rooms = Комнаты (F4)
tui-lobby-tab-tournaments = Турниры (F8)
tui-lobby-tab-players = Игроки (F9)
tui-lobby-tab-games = Партии (F10)

## Создание комнаты
tui-lobby-params = параметры
tui-lobby-clock = часы
tui-lobby-vs = против
tui-lobby-clock-placeholder = мин+с, напр. 5+2 или 30s+1; пусто: без часов
tui-lobby-private = закрытая
tui-lobby-rated = рейтинговая
tui-lobby-btn-create = F2 Создать
tui-lobby-btn-quick = F3 Быстрая игра
tui-lobby-vs-bot = бот ({ $level })
tui-lobby-vs-human = человек (свободное место)
tui-lobby-vs-invite = человек (код приглашения: любой, у кого он есть)
tui-lobby-help-new = ↑↓ выберите игру, Enter создаёт её комнату; Tab — к настройкам; F11 доска, F12 задачи, F1 справка

## Комнаты, турниры, игроки, партии
tui-lobby-btn-refresh = F5 Обновить
tui-lobby-btn-join = F6 Войти
tui-lobby-btn-watch = F7 Смотреть
tui-lobby-code = код
tui-lobby-code-placeholder = код или id комнаты: F6 — войти, F7 — смотреть
tui-lobby-help-rooms = ↑↓ выберите комнату, Enter — войти; введённый код важнее списка
tui-lobby-help-tournaments = ↑↓ выберите турнир, Enter или F6 открывает его (таблица, партии); F2 создаёт новый
tui-lobby-help-players = ↑↓ выберите игрока, Enter или F6 вызывает его на игру
tui-lobby-player = игрок
tui-lobby-player-placeholder = зарегистрированное имя или bot:УРОВЕНЬ
tui-lobby-game = игра
tui-lobby-game-placeholder = пусто: все игры
tui-lobby-help-games = Enter показывает партии игрока; ↑↓ выберите партию, Enter или F7 открывает её; [ новее, ] старше

## Заголовки столбцов
tui-col-room = комната
tui-col-game = игра
tui-col-clock = часы
tui-col-seats = места
tui-col-status = статус
tui-col-state = статус
tui-col-name = название
tui-col-format = формат
tui-col-entrants = участники
tui-col-round = тур
tui-col-player = игрок
tui-col-kind = кто
tui-col-where = где
tui-col-ratings = рейтинги
tui-col-ended = окончена (UTC)
tui-col-players = игроки
tui-col-result = результат
tui-col-moves = ходы

## Вызов игрока (client/tui/players.py)
tui-challenge-title = Вызвать { $name }
tui-challenge-send = Вызвать (Enter)
tui-challenge-cancel = Отмена (Esc)
tui-challenge-accept = Принять (y)
tui-challenge-decline = Отклонить (n, Esc)
tui-challenge-no-game = выберите игру

## Страница турнира (client/tui/tournaments.py)
tui-tournament-title = турнир { $id }
tui-tournament-round = { $rounds ->
        [0] тур { $n }
       *[other] тур { $n } из { $rounds }
    }: F6 или Enter — смотреть партию
tui-tournament-no-round = туров ещё нет: пары составляются, когда организатор начнёт турнир
tui-tcol-place = #
tui-tcol-player = игрок
tui-tcol-kind = кто
tui-tcol-points = оч
tui-tcol-games = п
tui-tcol-wdl = в-н-п
tui-tcol-tiebreak = дп
tui-tcol-rating = рейтинг
tui-tcol-change = изменение
tui-tcol-board = д
tui-tcol-game = игра
tui-tcol-players = игроки
tui-tcol-result = результат
tui-tcol-room = комната

## `grundy show`: ход, который нельзя сделать (cli/games.py)
tui-show-refused = ход { $n }: '{ $move }': { $why }
tui-show-unreadable = это не ход в записи этой игры (возможные ходы: { $moves })
tui-show-illegal = такой ход в этой позиции невозможен (возможные ходы: { $moves })
tui-show-no-moves = никаких, игра окончена
tui-show-refused-told = ход { $n }: { $why }

## `grundy show`: рисунки игр с кучками (cli/games.py)
tui-show-nim = { $game }{ $misere ->
        [yes] {" "}(мизер)
       *[no] {""}
    }
tui-show-heap = кучка { $n }
tui-show-the-heap = кучка
tui-show-total = всего
tui-show-subtraction = { $game }: брать { $take }, цель { $goal } ({ $rule })
tui-show-stones = { $game }: действия { $ops }, цель { $goal } ({ $rule })

## Доски с кучками в терминале (client/tui/board.py)
tui-board-nim = Ним ({ $misere ->
        [yes] мизер: кто берёт последний предмет, проигрывает
       *[no] кто берёт последний предмет, выигрывает
    })
tui-board-subtraction = Игра с вычитанием: брать { $take }; цель { $goal } ({ $rule })
tui-board-stones = Кучи камней: всего { $total }, цель { $goal } ({ $rule })

## Новый турнир (client/tui/tournaments.py)
tui-newt-title = Новый турнир
tui-newt-format = формат
tui-newt-rounds = туры
tui-newt-rounds-placeholder = только швейцарская система, 1-256
tui-newt-gpp = партий/пару
tui-newt-bots = боты
tui-newt-bots-placeholder = боты сервера по уровню, напр. easy,max
tui-newt-create = Создать (Enter)
tui-newt-withdraw = Выйти из турнира { $name }? Партия, которую вы играете, будет сдана, а следующие партии засчитаны как поражения без игры.
tui-newt-swiss-rounds = туры: для швейцарской системы нужно число туров (1-256)
tui-newt-no-rounds = туры: число туров задают только для швейцарской системы ({ $format } играет все)
tui-newt-bad-level = боты: { $level } — не уровень; напишите несколько из { $levels }
tui-newt-many-bots = боты: не больше { $most } ботов сервера
tui-newt-not-whole = { $field }: { $given } — не целое число ({ $low }-{ $high })
tui-newt-out-of-bounds = { $field }: { $given } вне границ ({ $low }-{ $high })

## Доска анализа в терминале (client/tui/analysis.py)
tui-an-placeholder = а если: ход отсюда, Enter (F5)
tui-an-help = ←/→ шаг · Home/End · ход в списке · Esc назад
tui-an-what-if-banner = А ЕСЛИ (F4: назад к партии)
tui-an-title = анализ · { $game } · ход { $ply } из { $plies }
tui-an-to-move = ходит { $name }
tui-an-the-end = конец
tui-an-tree-after = { $game } после { $moves }
tui-an-tree-start = { $game } в начале
tui-an-not-here = здесь нельзя: { $why }
tui-an-what-if = а если { $move }: F4 возвращает к ходам партии

## Строка состояния лобби (client/tui/app.py)
tui-lobby-no-room-join = комнаты { $code } на этом сервере нет: проверьте код или id комнаты
tui-lobby-no-room-watch = комнаты { $code } на этом сервере нет: проверьте id комнаты (или код закрытой комнаты)
tui-lobby-unreachable = не удаётся подключиться к { $url }: { $why }
tui-lobby-connected = подключено к { $url } как { $name }
tui-lobby-link-over = соединение завершено: { $why }
tui-lobby-queued = ожидание в очереди быстрой игры: { $game }... (Esc — выйти из очереди)
tui-lobby-done-enter = вы зарегистрировались: { $name }
tui-lobby-done-withdraw = вы вышли из турнира: { $name }
tui-lobby-done-start = турнир начался: { $name }
tui-lobby-done = { $verb }: { $name }
tui-lobby-tournament-open = { $name }: регистрация открыта; F2 — участвовать, F4 — начать

## Ответы лобби на клавишу, когда ничего не выбрано
tui-say-type-name = введите имя игрока (зарегистрированное или bot:LEVEL)
tui-say-no-older = более старых партий нет
tui-say-newest = это самые новые партии
tui-say-no-tournament = турнир не выбран: F2 — создать, F5 — обновить список
tui-say-no-player = игрок не выбран: F5 — обновить список
tui-say-that-is-you = это вы (на этом или другом устройстве): для вызова выберите кого-нибудь другого
tui-say-choose-game = сначала выберите игру
tui-say-no-game = партия не выбрана: введите имя игрока, и Enter покажет список партий
tui-say-no-room = комната не выбрана: F5 — обновить список, или введите код
tui-say-no-room-game = выберите партию, у которой есть комната (у ожидающей партии её ещё нет)

## Клавиши диалогов (панель клавиш)
tui-key-cancel = отмена
tui-key-back = назад
tui-key-open-node = открыть позицию
tui-key-deeper = глубже
tui-key-answer-true = принять
tui-key-answer-false = отклонить
