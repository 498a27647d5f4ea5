# Слова grundy по-русски. Каждое сообщение есть в en/grundy.ftl с теми же аргументами.
# Термины как в школьных материалах и ЕГЭ: «выигрышная стратегия», «ним-сумма», «крестики-нолики».

## Языки

lang-name = Русский
lang-menu = Язык
web-study-analysis = Доска анализа
web-study-analysis-about = любая позиция любой игры, её дерево игры
web-study-exam = Экзамен
web-study-exam-about = игра с кучами из экзамена: каждое S, задания 19-21

say-unknown = (сообщение, которого эта версия не знает)

## Игры

game-nim = Ним
game-subtraction = Игра с вычитанием
game-stones = Кучи камней
game-kayles = Кегли
game-coins = Монеты
game-corner = Загнать ферзя в угол
game-pawn = Пешки
game-pursuit = Погоня
game-minesweeper = Сапёр
game-mnk = Игра m,n,k
game-tictactoe = Крестики-нолики
game-gomoku = Гомоку

## Счёт

moves-count = { $n ->
    [one] { NUMBER($n) } ход
    [few] { NUMBER($n) } хода
   *[other] { NUMBER($n) } ходов
}
seconds-count = { $n ->
    [one] { NUMBER($n) } секунда
    [few] { NUMBER($n) } секунды
   *[other] { NUMBER($n) } секунд
}
games-count = { $n ->
    [one] { NUMBER($n) } партия
    [few] { NUMBER($n) } партии
   *[other] { NUMBER($n) } партий
}

## Командная строка

cli-error = ошибка

## grundy solve

solve-over = игра окончена
solve-to-move = ходит место { $seat }
solve-win-at-most = выигрыш не более чем за { NUMBER($k) } { $k ->
    [one] ход
    [few] хода
   *[other] ходов
}{ $fours ->
    [yes] {" "}непрерывными четвёрками
   *[no] {""}
} (выигрывает не позже своего хода { NUMBER($k) } при любой игре противника; более быстрый выигрыш не исключён)
solve-win-unsearched = выигрыш (насколько быстрый, не искали: позиция для этого слишком велика)
solve-win-in = выигрыш за { NUMBER($k) } { $k ->
    [one] ход
    [few] хода
   *[other] ходов
}{ $fours ->
    [yes] {" "}непрерывными четвёрками
   *[no] {""}
} (выигрывает не позже своего хода { NUMBER($k) } при любой игре противника)
solve-loss-unsearched = проигрыш (любой ход проигрывает при лучшей игре противника; сколько это продлится, не искали)
solve-loss-in = проигрыш за { NUMBER($k) } { $k ->
    [one] ход
    [few] хода
   *[other] ходов
} (противник выигрывает не позже своего хода { NUMBER($k) })
solve-loss-now = проигрыш за 0 ходов (любой ход заканчивает игру проигрышем)
solve-draw = ничья
solve-value = оценка { $value }
solve-grundy = значение Шпрага — Гранди { NUMBER($g) }
solve-line = линия: { $moves }
solve-best = лучшие: { $moves }
solve-best-none = лучшие: ни один не выигрывает
solve-also = тоже выигрывают, но медленнее: { $moves }
solve-also-heading = тоже выигрывают, но медленнее:
solve-winning-moves = выигрышные ходы:
solve-best-moves = лучшие ходы:
solve-main-line = главная линия: { $moves }
solve-evaluation = оценка: { $text }
solve-nim-sum = ним-сумма
solve-size-grundy = размер { NUMBER($size) }, G = { NUMBER($g) }
solve-map = карта: { $what }
solve-map-json = карта: { $what } ({ NUMBER($cells) } клеток; в --json)
solve-stats = ответ: { NUMBER($nodes) } позиций за { NUMBER($seconds, minimumFractionDigits: 2, maximumFractionDigits: 2) } с
solve-stats-none = ответ: без точного поиска за { NUMBER($seconds, minimumFractionDigits: 2, maximumFractionDigits: 2) } с
solve-set-syntax = --set { $item }: пишите КЛЮЧ=ЗНАЧЕНИЕ, например --set heaps=3,4,5
solve-raise-time = { $error } (увеличьте --time-limit)
solve-raise-limits = { $error } (увеличьте --max-nodes / --time-limit)
solve-known-strategy = { $error } (увеличьте --max-nodes / --time-limit); выигрышная стратегия для места { $seat }: { $move }

## grundy exam (задания 19–21 ЕГЭ)

exam-head = { $game }: код каждого S (K: первый игрок (Петя) выигрывает своим K-м ходом; -K: второй игрок (Ваня) выигрывает не позже своего K-го хода)
exam-over = конец
exam-none = нет
exam-task19 = 19: { $answer }   (наименьшее S: Ваня может выиграть первым ходом после неудачного первого хода Пети)
exam-task20 = 20: { $answer }   (все S: у Пети есть выигрышная стратегия, он выигрывает вторым ходом, но не первым)
exam-task21 = 21: { $answer }   (наименьшее S: Ваня выигрывает первым или вторым ходом, но не гарантированно первым)

## Конец партии

end-resign = { $name }: партия сдана
end-flag = у { $name } кончилось время
end-disconnect = { $name }: игрок вышел и вовремя не вернулся
end-draw-agreed = ничья по соглашению
end-aborted = партия отменена
end-rules-win = победа: { $name }
end-rules-draw = ничья по правилам игры
end-you-won = Вы выиграли
end-you-lost = Вы проиграли
end-draw = Ничья
end-won-by = победа: { $name }
end-game-aborted = Партия отменена
end-your-rating = Ваш рейтинг: { $before } → { $after } ({ $change })
end-their-rating = Рейтинг { $name }: { $before } → { $after } ({ $change })
end-rating-pending = Рейтинговая партия: рейтинги обновляются…
end-won-side-yours = Начальная позиция выигрышная для вашей стороны: её выигрыш идёт в рейтинг как ничья.
end-won-side-theirs = Начальная позиция выигрышная для стороны { $name }: её выигрыш идёт в рейтинг как ничья.

## Отказы

error-bad_frame = Сервер не смог прочитать это сообщение.
error-bad_message = Сервер не понял этот запрос.
error-too_large = Сообщение слишком большое.
error-unsupported_version = Сервер говорит на версиях протокола { $supported }; этот клиент — на { $offered }.
error-not_authenticated = Сначала выберите имя.
error-already_authenticated = У этого соединения уже есть игрок.
error-bad_token = Сеанс устарел: поздоровайтесь заново.
error-rate_limited = Слишком много запросов сразу: помедленнее и попробуйте снова.
error-unknown_game = Такой игры здесь нет.
error-bad_params = Эти настройки игры не подходят.
error-too_many_rooms = У вас уже столько незаконченных партий, сколько разрешено.
error-unknown_room = Такой комнаты нет (или она закрыта).
error-room_full = В этой комнате нет свободного места.
error-seat_taken = Это место уже занято.
error-not_invited = Это место для приглашённого игрока: воспользуйтесь ссылкой комнаты.
error-already_seated = У вас уже есть место в этой комнате.
error-not_in_queue = Вы не ждёте быстрой игры.
error-not_a_player = Это могут только игроки; вы зритель.
error-not_started = Партия ещё не началась.
error-not_your_turn = Сейчас не ваш ход.
error-stale_ply = Этот ход сделан в старой позиции; ничего не сыграно.
error-illegal_move = Такой ход здесь невозможен.
error-game_over = Партия окончена.
error-not_finished = Партия ещё не окончена.
error-draw_not_allowed = Эта игра не может закончиться ничьей.
error-no_draw_offer = Нет предложения ничьей.
error-shutting_down = Сервер останавливается: зайдите чуть позже.
error-unknown_player = Такого игрока нет в сети.
error-no_challenge = Нет вызова, на который можно ответить.
error-too_many_challenges = У вас уже столько вызовов без ответа, сколько разрешено.
error-self_challenge = Нельзя вызвать самого себя.
error-unknown_tournament = Такого турнира нет.
error-tournament_not_open = Турнир уже начался.
error-tournament_over = Турнир окончен.
error-tournament_full = В турнире нет свободных мест.
error-already_entered = Вы уже участвуете в этом турнире.
error-not_entered = Вы не участвуете в этом турнире.
error-not_organiser = Это может только организатор турнира.
error-too_few_entrants = Для турнира нужно больше участников.
error-too_many_tournaments = У вас уже столько открытых турниров, сколько разрешено.
error-name_taken = Это имя зарегистрированного игрока: войдите с его секретом или выберите другое имя.
error-bad_secret = Это не секрет этого игрока.
error-not_registered = Рейтинговая партия — только для зарегистрированных игроков: зарегистрируйте имя или играйте без рейтинга.
error-banned = Это имя заблокировано на этом сервере.
error-unavailable = Сервер наверстывает; попробуйте снова через мгновение.
error-internal = Сервер не справился с этим запросом.
error-unanswered = Узел, ведущий эту комнату, не ответил; попробуйте снова.

## Терминал, pygame, SDK

client-catching-up = сервер наверстывает (его хранилище ненадолго недоступно); отправленное будет отправляться снова, пока не получится
client-caught-up = сервер наверстал за { NUMBER($seconds, maximumFractionDigits: 0) } с; партия продолжается
client-not-done = { $what }: не выполнено, сервер наверстывает; попробуйте снова через мгновение
client-move-not-stored = ваш ход { $move } не удалось сохранить: сервер не успел наверстать; сыграйте его снова

## Веб-страница: заголовок и имя

web-tagline = Математические игры онлайн
web-choose-name = Выберите имя, чтобы играть.
web-invited = Эта ссылка открывает партию: выберите имя, чтобы играть или смотреть.
web-your-name = Ваше имя
web-play = Играть
web-signin-other = Зарегистрированы на другом устройстве? Войдите со своим секретом
web-name = Имя
web-secret = Секрет
web-sign-in = Войти
web-sound-on = ♪ Звук вкл.
web-sound-off = ♪ Звук выкл.

## Веб-страница: лобби

web-new-game = Новая партия
web-game = Игра
web-clock = Часы
web-untimed = без часов
web-opponent = Соперник
web-opponent-open = кто угодно (свободное место)
web-opponent-invite = друг (ссылка: место займёт любой, у кого она есть)
web-opponent-bot = бот ({ $level })
web-rated = На рейтинг
web-create-room = Создать комнату
web-quick-match = Быстрая игра
web-waiting = Ждём соперника…
web-cancel = Отмена
web-account = Учётная запись:
web-guest = гость
web-guest-why = У гостя нет рейтинга. Зарегистрируйте имя, чтобы вести рейтинг и историю: сервер выдаст секрет, который этот браузер сохранит для этого сервера.
web-register = Зарегистрироваться
web-signin-secret = Войти с секретом (зарегистрированы на другом устройстве)
web-my-page = Моя страница
web-copy-secret = Копировать секрет
web-sign-out = Выйти
web-leaderboard = Рейтинг
web-refresh = Обновить
web-player = Игрок
web-rating = Рейтинг ± 2·RD
web-games = Партии
web-board-empty = В эту игру ещё никто не играл на рейтинг.
web-your-games = Ваши партии
web-people = Кто в сети
web-kind = Кто
web-playing = Играет
web-where = Где
web-ratings = Рейтинги
web-people-empty = Больше никого в сети нет.
web-tournaments = Турниры
web-t-all = все
web-t-open = открытые
web-t-running = идут
web-t-finished = окончены
web-new-tournament = Новый турнир
web-state = Состояние
web-format = Формат
web-entrants = Участники
web-round = Тур
web-tournaments-empty = Турниров пока нет: создайте первый.
web-open-rooms = Открытые комнаты
web-players = Игроки
web-no-rooms = Открытых комнат нет: создайте свою.
web-join = Войти
web-watch = Смотреть

## Веб-страница: комната

web-invite = Отправьте эту ссылку другу:
web-copy = Копировать
web-rematch = Реванш
web-review = Разбор
web-close = Закрыть
web-move = Ход
web-move-placeholder = или введите ход
web-hint = Подсказка
web-offer-draw = Предложить ничью
web-accept-draw = Принять ничью
web-decline = Отклонить
web-resign = Сдаться
web-leave = Выйти
web-lobby = Лобби
web-moves = Ходы
web-chat = Чат
web-say-something = напишите что-нибудь
web-send = Отправить
web-confirm-yes = Да
web-open-seat = (свободное место)
web-invite-seat = (место для приглашённого)
web-bot-seat = бот ({ $level })
web-your-turn = Ваш ход
web-their-turn = Ходит { $name }
web-waiting-players = Ждём игроков
web-watching = Вы смотрите
web-catching-up = сервер наверстывает (его хранилище ненадолго недоступно): ваши ходы отправляются снова, пока их не сохранят
web-status-reconnecting = соединение потеряно: подключаемся снова…
web-status-other-tab = эта партия открыта в другой вкладке: перезагрузите, чтобы играть здесь
web-status-disconnected = отключено: { $reason }
web-bot-option = бот: { $level }
web-bot = бот
web-seat = место { $seat }
web-open = Открыть
web-watching-short = смотрите
web-your-move = ваш ход
web-room-waiting = ждёт
web-room-playing = идёт
web-room-finished = окончена
web-room-aborted = отменена
web-rated-suffix = на рейтинг
web-you-suffix = { $name } (вы)
web-away = нет на месте
web-move-try = или введите ход, чтобы попробовать
web-withdraw-offer = Отозвать предложение
web-rematch-asked = Реванш (просит { $names })
web-stop-watching = Не смотреть
web-past-move = Ход { $ply } из { $plies } (← → шаг)
web-back-to-game = Назад к партии
web-waiting-for-players = ждём игроков…
web-aborted-why = отменена: { $reason }
web-to-move = ходит { $name }
web-abort-in = партия отменится без первого хода через { $seconds } с
web-draw-offered-by = ничью предлагает { $names }
web-you-play = вы играете: { $mark }
web-you-are = вы — { $mark }
web-reviewing = решатель разбирает партию…
web-thinking = думаю…
web-sound-off-label = звук выключен (нажмите, чтобы включить)
web-sound-on-label = звук включён (нажмите, чтобы выключить)
web-link-copied = ссылка скопирована
web-confirm-resign = Сдаться в этой партии?
web-played = { $name } сыграл { $move }.
web-played-hidden = { $name } сделал скрытый ход.
web-your-move-now = Ваш ход.
web-seconds-left = { $n ->
    [one] осталась { $n } секунда
    [few] осталось { $n } секунды
   *[other] осталось { $n } секунд
}

## Терминал

tui-refused = отказ ({ $code }): { $message }
tui-and = { $first } и { $last }
tui-aborted = отменена: { $reason }
tui-you-outcome = { $who } (вы: { $outcome })
tui-outcome-win = выигрыш
tui-outcome-loss = проигрыш
tui-outcome-draw = ничья
tui-your-move = ваш ход (полуход { $ply })
tui-to-move = ходит { $name } (полуход { $ply })
tui-hint = подсказка: { $move }: { $why }
tui-chat-placeholder = F5: чат, Enter отправляет
tui-move-placeholder = ход, Enter (Esc: доска)
tui-btn-hint = Подсказка
tui-btn-resign = Сдаться
tui-btn-draw = Ничья
tui-btn-accept-draw = Принять ничью
tui-btn-rematch = Реванш
tui-btn-review = Разбор
tui-btn-lobby = Лобби
tui-key-create = комната
tui-key-new-tournament = турнир
tui-key-quick = быстрая игра
tui-key-switch-tab = комнаты/игры
tui-key-refresh = обновить
tui-key-join = войти
tui-key-open-tournament = открыть
tui-key-challenge = вызов
tui-key-watch = смотреть
tui-key-show-tab-tournaments-tab = турниры
tui-key-show-tab-players-tab = игроки
tui-key-show-tab-games-tab = партии
tui-key-games-page-minus1 = новее
tui-key-games-page-1 = старше
tui-key-cancel-queue = из очереди
tui-key-app-quit = выход
tui-key-hint = подсказка
tui-key-resign = сдаться
tui-key-rematch = реванш
tui-key-chat = чат
tui-key-review = разбор
tui-key-lobby = лобби
tui-key-draw = ничья
tui-key-decline-draw = без ничьей
tui-key-analysis = анализ
tui-key-help = справка
tui-key-desk = анализ
tui-key-puzzles = задачи
tui-key-switch-focus = доска/ввод

## Окно pygame

gui-connecting = соединение...
gui-lobby = лобби
gui-waiting = ждём игроков
gui-you-win = Вы выиграли
gui-you-loss = Вы проиграли
gui-you-draw = Ничья
gui-wins = { $n ->
    [one] Победа: { $names }
   *[other] Победа: { $names }
}
gui-refused = отказ: { $message }
gui-no-answer = нет ответа: { $error }
gui-new-room-of = Новая комната: { $game }
gui-new-room = Новая комната
gui-create-room = Создать комнату (Enter)
gui-no-rooms = пока нет: создайте свою или подождите
gui-btn-hint = F2 Подсказка
gui-btn-draw = F8 Ничья
gui-btn-accept = F8 Принять
gui-btn-resign = F3 Сдаться
gui-btn-rematch = F4 Реванш
gui-btn-review = F6 Разбор
gui-btn-lobby = F7 Лобби
gui-btn-analysis = A Анализ

## Игры: что это такое

game-about-nim = Кучки предметов; за ход берут один или несколько предметов из одной кучки. Обычная игра: кто берёт последний предмет, тот выигрывает; мизер: тот проигрывает. Ним-сумма (XOR размеров кучек) показывает, кто выигрывает.
game-about-subtraction = Одна кучка; за ход берут одно из разрешённых количеств (по умолчанию 1 или 2), не опускаясь ниже цели. Кто доведёт кучку до цели (сделает последний ход), тот выигрывает, а по правилу last-loses — проигрывает. Игра со спичками из сборника к ЕГЭ: n=5 take=1,2 goal=1 значит, что выигрывает тот, кто оставит ровно одну спичку.
game-about-stones = Игры с кучами камней из ЕГЭ: одна или несколько куч; за ход к одной куче на выбор применяют одно из разрешённых действий (добавить k или умножить на k; в игре на уменьшение — убрать k или разделить на k). Игра заканчивается, как только сумма всех куч достигает цели (>=77 при росте, <=19 при уменьшении); кто сделал этот ход, тот выигрывает, а по правилу reach-loses — проигрывает.
game-about-kayles = Ряд кеглей; за ход сбивают одну кеглю или две, стоящие рядом. Кто собьёт последнюю кеглю, тот выигрывает (мизер: проигрывает). Бросок в середину делит ряд на два, так что игра — сумма рядов, которую решают значениями Шпрага — Гранди.
game-about-corner = Один король, ферзь, ладья или конь на доске шириной × высотой клеток, общий для всех игроков, ходит только к левому нижнему углу a1: король на клетку влево, вниз или по диагонали влево-вниз, ферзь на любое расстояние в эти стороны, ладья на любое расстояние влево или вниз, конь четырьмя прыжками, приближающими к углу. Кто поставит фигуру на a1 (конь: в угол 2x2 a1-b2), тот выигрывает; у кого нет хода, тот проигрывает. Двое или трое игроков; некоторые клетки могут быть закрыты. Для двух игроков игра с королём — это игра с белыми и чёрными бобами, с ладьёй — ним с двумя кучками, с ферзём — игра Витхоффа.
game-about-pawn = Пешка стоит на a1 квадратной доски; Max (место 0) и Min (место 1) по очереди передвигают её на клетку вверх или вправо. Когда она достигает диагонали из левого верхнего в правый нижний угол, игра заканчивается, и Min платит Max выигрыш этой клетки: Max хочет больше, Min — меньше. С выигрышами 1..8 на доске 8x8 цена игры равна 5.
game-about-coins = Игроки по очереди кладут монеты на прямоугольный стол; монета закрывает квадрат (2r+1) x (2r+1) клеток вокруг своего центра и не может ни налегать на другую монету, ни выступать за край. Кто не может положить монету, тот проигрывает. На столе с нечётными сторонами первый игрок выигрывает: кладёт монету в центр и на каждую монету отвечает симметричной.
game-about-mnk = Игра m,n,k: игроки по очереди ставят свой камень на пустую клетку доски m x n; кто первым соберёт k или больше своих камней в строке, столбце или по диагонали, тот выигрывает; заполненная доска — ничья. Крестики-нолики — это 3,3,3 (при лучшей игре ничья); втроём или вчетвером каждый должен ещё и перекрывать чужие линии.
game-about-gomoku = Чёрные и белые по очереди ставят камни на доску 15x15 (или 19x19); пять в ряд (строка, столбец или диагональ) выигрывают. Правила: freestyle (пять или больше выигрывают), standard (ровно пять), renju (чёрные должны собрать ровно пять и не могут ставить двойные тройки, двойные четвёрки и длинные ряды; белые выигрывают пятью или больше) и caro (пятёрка, закрытая соперником с обоих концов, не выигрывает). Дебюты swap и swap2 уравновешивают преимущество первого хода чёрных: один игрок ставит первые камни, другой выбирает цвет (ходы 'black', 'white', а в swap2 ещё 'more' — поставить ещё два камня и дать первому игроку выбрать).
game-about-pursuit = Том и Джерри: один или два преследователя гоняются за беглецом на сетке; каждая фигура шагает на одну из 8 соседних клеток, никогда — на закрытую. В каждом раунде первыми ходят преследователи, последним — беглец. Преследователь, шагнувший на беглеца (или беглец, шагнувший на преследователя), заканчивает погоню: преследователи выигрывают — вместе в коалиции или без неё только поймавший. Беглец выигрывает, если продержится до предела раундов. С evader_sees=false беглец бежит вслепую: преследователей ему не видно.
game-about-minesweeper = Найдите мины на сетке — в одиночку или вдвоём. Откройте клетку (r e5), чтобы увидеть, сколько её соседей — мины; ноль открывает всю свою область. Пометьте клетку флажком (f a1): верный флажок даёт очко и показывает мину, неверный открывает клетку. Мины раскладываются после первого открытия, так что оно всегда безопасно. Открытая мина — сразу проигрыш; когда все безопасные клетки открыты, выигрывает тот, у кого больше очков (в одиночку: вы выигрываете). В дуэли игроки ходят по очереди.
web-players-n = { $n ->
    [one] { $n } игрок
    [few] { $n } игрока
   *[other] { $n } игроков
}
web-players-range = { $lo }-{ $hi } игроков
web-signed-in-as = вы вошли как { $name }
web-registered = зарегистрирован
web-rated-why-guest = зарегистрируйте имя (Учётная запись), чтобы играть на рейтинг
web-rated-why-seats = в рейтинговой партии два места; в этой — { $seats }

## Объяснения решателя

ex-value-win = у ходящего есть выигрышная стратегия: он выигрывает не позже своего хода № { $k }
ex-value-win_at_most = у ходящего есть выигрышная стратегия: он выигрывает не позже своего хода № { $k } (более быстрый выигрыш не исключён)
ex-value-win_plain = у ходящего есть выигрышная стратегия
ex-value-loss = любой ход проигрывает при лучшей игре: противник выигрывает не позже своего хода № { $k }
ex-value-loss_now = любой ход заканчивает игру проигрышем
ex-value-loss_plain = любой ход проигрывает при лучшей игре
ex-value-draw = ни одна сторона не может форсировать выигрыш
ex-value-score = при лучшей игре обеих сторон ходящий получает { $score }
ex-only = { $move } — единственный ход
ex-rec-wins_now = { $move } выигрывает сразу
ex-rec-leaves_loss = { $move } оставляет противнику проигрыш за { $k } { $k ->
    [one] ход
    [few] хода
   *[other] ходов
}
ex-rec-keeps_win = { $move } сохраняет выигрыш
ex-rec-keeps_score = { $move } сохраняет оценку { $score }
ex-rec-holds_draw = { $move } удерживает ничью
ex-rec-holds_out = { $move } держится дольше всех: противнику нужно { $k } { $k ->
    [one] ход
    [few] хода
   *[other] ходов
}, чтобы выиграть
ex-rec-holds_out_plain = { $move } держится дольше всех
ex-rec-faster = { $move } выигрывает быстрее, за { $k } { $k ->
    [one] ход
    [few] хода
   *[other] ходов
}
ex-note-wins_now = выигрывает сразу
ex-note-only = единственный ход
ex-note-only_loses_now = единственный ход, и он заканчивает игру проигрышем
ex-note-loses_now = заканчивает игру проигрышем, как и любой ход
ex-note-leaves_loss = оставляет противнику проигрыш за { $k } { $k ->
    [one] ход
    [few] хода
   *[other] ходов
}
ex-note-keeps_win = сохраняет выигрыш
ex-note-keeps_score = сохраняет оценку { $score }
ex-note-holds_draw = удерживает ничью
ex-note-holds_out = держится дольше всех: противнику нужно { $k } { $k ->
    [one] ход
    [few] хода
   *[other] ходов
}, чтобы выиграть
ex-note-holds_out_plain = держится дольше всех
ex-note-slower = тоже выигрывает, но за { $k } { $k ->
    [one] ход
    [few] хода
   *[other] ходов
} вместо { $best }
ex-note-slower_plain = тоже выигрывает, но медленнее
ex-note-engine = выбор движка
ex-grundy-whole_win = её значение Шпрага — Гранди { $g }, не 0: выигрывает ход в позицию со значением 0
ex-grundy-whole_loss = её значение Шпрага — Гранди 0: любой ход ведёт к ненулевому значению
ex-nim-sum = ним-сумма { $heaps } = { $nim_sum }
ex-nim-sum_one = одна кучка: ним-сумма равна её размеру, { $nim_sum }
ex-nim-sum_many = ним-сумма { $count } кучек равна { $nim_sum }
ex-nim-move = возьмите { $take } из кучки { $heap }, чтобы оставить ним-сумму 0 ({ $size } XOR { $nim_sum } = { $to }): любой ответ снова делает её ненулевой
ex-nim-take_last = возьмите все { $take } из кучки { $heap }, последние предметы: кто берёт последний предмет, тот выигрывает
ex-nim-lost = любой ход меняет одну кучку, значит, меняет бит ним-суммы и оставляет её ненулевой, а противник снова делает её 0
ex-nim-note = взять { $take } из кучки { $heap }: { $size } становится { $to }, ним-сумма { $after }
ex-nim-note_slower = взять { $take } из кучки { $heap }: { $size } становится { $to }, ним-сумма { $after }; тоже выигрывает, но за { $k } { $k ->
    [one] ход
    [few] хода
   *[other] ходов
} вместо { $best }
ex-nim-note_hold = держится дольше всех (ним-сумма { $after }): противнику нужно { $k } { $k ->
    [one] ход
    [few] хода
   *[other] ходов
}, чтобы выиграть
ex-misere-big = мизер-ним: в какой-то кучке 2 или больше, поэтому решает ним-сумма, как в обычной игре: она равна { $nim_sum }
ex-misere-big_lost = любой ход оставляет ним-сумму ненулевой или оставляет чётное число одиночных предметов
ex-misere-move = возьмите { $take } из кучки { $heap }, чтобы оставить ним-сумму 0, пока остаётся кучка из 2 или больше
ex-misere-exception = возьмите { $take } из кучки { $heap }, чтобы оставить { $ones } одиночных предметов, нечётное число: здесь действует исключение мизера (ним-сумма { $after }, не 0), и противник берёт последний
ex-misere-ones_odd = мизер-ним: остались только одиночные предметы ({ $ones }), нечётное число: кто стоит перед нечётным числом, тот берёт последний и проигрывает
ex-misere-ones_even = мизер-ним: остались только одиночные предметы ({ $ones }), чётное число: возьмите один, чтобы осталось нечётное, и противник возьмёт последний
ex-misere-last = мизер-ним: остался один предмет, и кто берёт последний, тот проигрывает
ex-misere-note = взять { $take } из кучки { $heap }: { $size } становится { $to }, ним-сумма 0
ex-misere-note_odd = взять { $take } из кучки { $heap }: остаётся { $ones } одиночных предметов, нечётное число (исключение мизера: ним-сумма { $after })
ex-kayles-rule = ряд из n кеглей имеет значение Шпрага — Гранди G(n) (0, 1, 2, 3, 1, 4, 3, 2, ...)
ex-kayles-value = значение ряда G({ $pins }) = { $nim_sum }
ex-kayles-values = значения рядов { $rows } = { $values } = { $nim_sum }
ex-kayles-values_many = ним-сумма значений { $count } рядов равна { $nim_sum }
ex-kayles-throw = бросьте { $move } в ряд { $row }, оставив ряды из { $leaves }, чтобы ним-сумма стала 0
ex-kayles-throw_last = бросьте { $move } в ряд { $row }: это сбивает последние кегли
ex-kayles-throw_clear = бросьте { $move } в ряд { $row }, очистив его, чтобы ним-сумма стала 0
ex-kayles-note_clear = очищает ряд { $row }: ним-сумма 0
ex-kayles-lost = любой бросок меняет значение одного ряда и оставляет ненулевую ним-сумму
ex-kayles-note = в ряду { $row } оставляет ряды из { $leaves }: ним-сумма 0
ex-sub-period = над целью проигрышные размеры ниже { $below }: { $lost }, а с { $start } узор повторяется с периодом { $period }: размер n проигрышный, когда n mod { $period } равно { $residues }
ex-sub-period_won = над целью проигрышные размеры ниже { $below }: { $lost }, а с { $start } узор повторяется с периодом { $period }: дальше каждый размер выигрышный
ex-sub-won = кучка на { $size } выше цели, выигрышный размер: возьмите { $take }, чтобы оставить { $left }, проигрышный размер
ex-sub-won_ends = кучка на { $size } выше цели: возьмите { $take }, чтобы оставить { $left }, где никакое разрешённое количество не помещается над целью, так что это последний ход и он выигрывает
ex-sub-lost = кучка на { $size } выше цели, проигрышный размер: любое взятие оставляет выигрышный
ex-sub-note = оставляет { $left } над целью, проигрышный размер
ex-sub-note_heap = оставляет { $left } над целью ({ $heap } в кучке), проигрышный размер
ex-stones-reach_loses = кто достигнет цели, тот проигрывает, поэтому игрок избегает её как можно дольше
ex-stones-grundy_win = значение Шпрага — Гранди позиции { $g }: не 0, выигрывает ход в значение 0
ex-stones-grundy_loss = значение Шпрага — Гранди позиции 0: любой ход ведёт к значению, отличному от 0
ex-by-nim-sum = по ним-сумме
ex-by-misere-nim = по ним-сумме мизера
ex-by-subtraction-period = по периоду проигрышных размеров
ex-by-search = точным перебором
ex-heap = кучка { $n }
ex-pins = кегли { $n }
ex-none = нет
ex-heap-above-goal = кучка над целью

# объяснения: исключение мизера, движок, игры в ряд, угол, пешка, погоня, монеты
ex-engine-plays = позиция слишком велика для точного решения; движок просмотрел { $nodes } { $nodes ->
    [one] позицию
    [few] позиции
   *[other] позиций
} за { $seconds } с и ходит { $move }
ex-eval-none = оценки нет; движок ходит { $move }
ex-eval-wins = насколько видит движок, ходящий выигрывает
ex-eval-wins_deep = насколько видит движок, ходящий выигрывает (поиск на глубину { $depth } { $depth ->
    [one] полуход
    [few] полухода
   *[other] полуходов
})
ex-eval-loses = насколько видит движок, выигрывает противник
ex-eval-loses_deep = насколько видит движок, выигрывает противник (поиск на глубину { $depth } { $depth ->
    [one] полуход
    [few] полухода
   *[other] полуходов
})
ex-eval-wins_within = насколько видит движок, ходящий выигрывает в пределах { $plies } { $plies ->
    [one] полухода
   *[other] полуходов
}
ex-eval-wins_within_deep = насколько видит движок, ходящий выигрывает в пределах { $plies } { $plies ->
    [one] полухода
   *[other] полуходов
} (поиск на глубину { $depth } { $depth ->
    [one] полуход
    [few] полухода
   *[other] полуходов
})
ex-eval-loses_within = насколько видит движок, противник выигрывает в пределах { $plies } { $plies ->
    [one] полухода
   *[other] полуходов
}
ex-eval-loses_within_deep = насколько видит движок, противник выигрывает в пределах { $plies } { $plies ->
    [one] полухода
   *[other] полуходов
} (поиск на глубину { $depth } { $depth ->
    [one] полуход
    [few] полухода
   *[other] полуходов
})
ex-eval-even = равно
ex-eval-even_deep = равно (поиск на глубину { $depth } { $depth ->
    [one] полуход
    [few] полухода
   *[other] полуходов
})
ex-eval-better = лучше для ходящего (оценка движка { $score })
ex-eval-better_deep = лучше для ходящего (оценка движка { $score }; поиск на глубину { $depth } { $depth ->
    [one] полуход
    [few] полухода
   *[other] полуходов
})
ex-eval-worse = лучше для противника (оценка движка { $score })
ex-eval-worse_deep = лучше для противника (оценка движка { $score }; поиск на глубину { $depth } { $depth ->
    [one] полуход
    [few] полухода
   *[other] полуходов
})
ex-lines-five = { $me }: пятёрка ходом { $move }
ex-lines-fours = { $me }: выигрышная стратегия непрерывными четвёрками за { $k } { $k ->
    [one] ход
    [few] хода
   *[other] ходов
}: каждая четвёрка оставляет противнику ({ $him }) один ответ, а последняя делает пятёрку: { $line }
ex-lines-fours_at_most = { $me }: выигрышная стратегия непрерывными четвёрками не более чем за { $k } { $k ->
    [one] ход
    [few] хода
   *[other] ходов
}: каждая четвёрка оставляет противнику ({ $him }) один ответ, а последняя делает пятёрку: { $line }
ex-lines-lost = { $him }: следующим ходом пятёрка на { $cells }; один камень этого не остановит
ex-lines-lost_any = { $him }: следующим ходом пятёрка на поле, которое не закрывает ни один блок; один камень этого не остановит
ex-lines-threat_five = { $him }: угроза пятёрки на { $move }
ex-lines-threat_fours = { $him }: угроза выиграть непрерывными четвёрками: { $line }
ex-lines-must_stop = { $me }: нужно это остановить; после { $moves } у противника ({ $him }) нет ни немедленного выигрыша, ни выигрыша четвёрками
ex-lines-no_stop = ни один проверенный ход не останавливает это наверняка
ex-lines-engine_plays = движок ходит { $move }
ex-lines-threes = { $me }: выигрыш угрозами (четвёрки и открытые тройки) против обычных защит: { $line }; не доказано против любого ответа
ex-lines-engine_none = ничего не доказано (ни немедленного выигрыша, ни выигрыша непрерывными четвёрками не найдено); выбор движка — { $move }, ожидается { $line }
ex-lines-engine_colour = ничего не доказано (здесь выбирают цвет; угрозы пока ничего не доказывают); выбор движка — { $move }, ожидается { $line }
ex-lines-winning_line = выигрышный ряд: { $first }-{ $last }
ex-lines-note_five = начинает пятёрку
ex-lines-note_fours = начинает непрерывные четвёрки
ex-lines-note_stops_five = останавливает пятёрку противника ({ $him })
ex-lines-note_stops_fours = останавливает непрерывные четвёрки противника ({ $him })
ex-lines-note_threes = начинает выигрыш угрозами
ex-misere-exception_one = возьмите { $take } из кучки { $heap }, чтобы остался один предмет: здесь действует исключение мизера (ним-сумма { $after }, не 0), и противник должен его взять
ex-misere-note_one = взять { $take } из кучки { $heap }: остаётся один предмет (исключение мизера: ним-сумма { $after })
ex-corner-at = { $cell } — это ({ $x }, { $y }), если считать от a1
ex-corner-king = клетка проигрышная для ходящего тогда и только тогда, когда оба расстояния до a1 чётные
ex-corner-rook = ладья — это ним из двух кучек { $x } и { $y }: ним-сумма { $x } XOR { $y } = { $nim_sum }; проигрышные клетки — диагональ x = y
ex-corner-queen = проигрышные клетки — пары Витхоффа (floor(k*phi), floor(k*phi^2)) и их зеркальные; при разности { $d } пара — ({ $a }, { $b }), значит, ({ $x }, { $y }) — одна из них
ex-corner-queen_not = проигрышные клетки — пары Витхоффа (floor(k*phi), floor(k*phi^2)) и их зеркальные; при разности { $d } пара — ({ $a }, { $b }), значит, ({ $x }, { $y }) — не из них
ex-corner-pairs = пары на этой доске: { $pairs }
ex-corner-search = для этой фигуры ({ $piece }) классического правила нет: каждая клетка решена назад от a1 (клетка проигрышная, когда любой ход из неё ведёт в выигрышную)
ex-corner-search_blocked = с закрытыми клетками классического правила нет: каждая клетка решена назад от a1 (клетка проигрышная, когда любой ход из неё ведёт в выигрышную)
ex-corner-win = { $piece } на { $cell }: ходящий выигрывает за { $k } { $k ->
    [one] ход
    [few] хода
   *[other] ходов
}; ход на { $move }, проигрышную клетку
ex-corner-win_now = { $piece } на { $cell }: ходящий выигрывает сразу; ход на { $move }, где игра заканчивается
ex-corner-loss = { $piece } на { $cell }: любой ход оставляет выигрышную клетку, ходящий проигрывает за { $k } { $k ->
    [one] ход
    [few] хода
   *[other] ходов
}
ex-corner-note = ход на проигрышную клетку (противник проигрывает за { $k } { $k ->
    [one] ход
    [few] хода
   *[other] ходов
}, значение Шпрага — Гранди { $g })
ex-corner-note_slower = ход на проигрышную клетку (противник проигрывает за { $k } { $k ->
    [one] ход
    [few] хода
   *[other] ходов
}, значение Шпрага — Гранди { $g }); тоже выигрывает, но за { $mine } вместо { $best }
ex-corner-note_hold = держится дольше всех (у противника там выигрыш за { $k } { $k ->
    [one] ход
    [few] хода
   *[other] ходов
})
ex-pawn-rule = цена клетки — то, что Max получает оттуда при лучшей игре: на диагонали её выплата, иначе большая из двух следующих цен, где ходит Max (x + y чётно), и меньшая, где ходит Min
ex-pawn-max = Max ходит на { $cell }, цена { $price }: { $move } её сохраняет (Max хочет больше)
ex-pawn-min = Min ходит на { $cell }, цена { $price }: { $move } её сохраняет (Min хочет меньше)
ex-pawn-note = цена { $price } (другая клетка: { $other } { $other_price })
ex-pawn-note_only = единственный ход: цена { $price }
ex-pawn-note_same = цена { $price }
ex-pursuit-catch = время до поимки (ретроградный анализ всех пар клеток, ходит преследователь): преследователь ловит беглеца за { $t } { $t ->
    [one] раунд
    [few] раунда
   *[other] раундов
}
ex-pursuit-never = время до поимки (ретроградный анализ всех пар клеток, ходит преследователь): беглец может убегать вечно
ex-pursuit-within = время до поимки (ретроградный анализ всех пар клеток, ходит преследователь): куда бы ни шагнул беглец, его поймают не более чем за { $t } { $t ->
    [one] раунд
    [few] раунда
   *[other] раундов
}
ex-pursuit-escape = время до поимки (ретроградный анализ всех пар клеток, ходит преследователь): у беглеца есть шаг, после которого он может убегать вечно
ex-pursuit-left = осталось раундов: { $left }, включая этот
ex-pursuit-left_after = после этого шага у преследователя ещё раундов: { $left }
ex-pursuit-note_after = раундов до поимки после него: { $t }
ex-pursuit-note_from = раундов до поимки оттуда: { $t }
ex-pursuit-note_never = оттуда поимки не будет
ex-coins-centre = займите центр { $centre }; затем отвечайте на каждую монету её зеркальным отражением относительно центра: зеркальная клетка всегда свободна, так что место первым кончится у противника
ex-coins-mirror = центр { $centre } занят, и монеты симметричны относительно него, кроме { $coin }: её отражение { $move } снова делает их симметричными и всегда свободно
ex-coins-lost = центр { $centre } занят, и монеты симметричны относительно него: для каждой новой монеты у противника есть свободное отражение, так что место у него никогда не кончится первым
ex-coins-note_centre = центр: у каждой следующей монеты есть свободное отражение
ex-coins-note_mirror = отражение { $coin } относительно центра
ex-coins-note_mirror_slower = отражение { $coin } относительно центра; тоже выигрывает, но за { $k } вместо { $best }
ex-word-king = король
ex-word-queen = ферзь
ex-word-rook = ладья
ex-word-knight = конь
ex-word-black = чёрные
ex-word-white = белые
ex-word-first = первый
ex-word-second = второй
ex-by-kayles = по значениям Шпрага — Гранди рядов
ex-by-king-parity = по чётности короля
ex-by-rook-nim = по ним-сумме
ex-by-wythoff = по парам Витхоффа
ex-by-symmetry = по симметрии
ex-by-prices = по ценам клеток
ex-by-capture-times = по времени до поимки
ex-by-fours = непрерывными четвёрками
ex-by-win-now = немедленным выигрышем
ex-by-five = пятёркой
ex-by-their-five = пятёркой противника
ex-by-their-fours = непрерывными четвёрками противника
ex-by-threat-search = поиском угроз (четвёрки и тройки)
ex-by-engine = поиском движка

# grundy show
show-as-form = --as { $given }: укажите номер места 0..{ $last } или 'spectator'
show-as-range = --as { $given }: места 0..{ $last }
show-seat-outcome = место { $seat }: { $outcome }
show-scores = ; очки { $scores }
show-over = игра окончена: { $outcomes }{ $scores } ({ $reason })
show-to-move = ходит: место { $seat }
show-more = … (всего { $n })
show-legal = возможные ходы: { $moves }
# grundy tournament и match: ошибки использования
tour-two-seats = { $game }: здесь мест { $seats }, а в турнире в каждой партии двое игроков
tour-two-players = укажите хотя бы двух игроков (--player SPEC, несколько раз)
tour-max-players = не более { $n } игроков
tour-swiss-rounds = --rounds { $rounds }: в швейцарской системе от 1 до { $n } туров
tour-robin-rounds = --rounds { $rounds }: круговой турнир играют один раз (1) или дважды со сменой цвета (2)
tour-no-rounds = --rounds: в формате { $format } столько туров, сколько нужно его игрокам
tour-games = --games { $games }: от 1 до { $n }
tour-sprt-pairs = --sprt с пентаномиальной моделью требует пар партий: --games 2 или больше
tour-concurrency = --concurrency { $given }: от 1 до { $n }
tour-player-needs-server = player:NAME — это кто-то, кто уже в сети: нужен --server URL (на узле, запущенном здесь, никого нет)
tour-pbrain-gomoku = pbrain: движок Gomocup играет в гомоку без дебюта swap (--set opening=none)
tour-psq-gomoku = --format-out psq хранит партии гомоку, а не { $game }: используйте pgn
tour-format-needs-out = --format-out требует --out PATH
tour-name-length = --name { $given }: в названии от 1 до 64 символов
tour-gauntlet-first = gauntlet: первый игрок — претендент, а бот узла может быть претендентом только против других ботов узла: поставьте первым движок, бота SDK или игрока

# страница: запись законченной партии, список ходов
web-record-open = Запись партии
web-record-of = Запись партии { $room }
web-record-download = Скачать { $format }
web-record-as-text = текст
web-record-download-title = запись в формате { $format } (docs/RECORDS.md)
web-move-hidden = (скрыт)
web-move-show-after = показать позицию после этого хода

# страница: кто в сети, вызовы
web-link-theirs = Эта ссылка для { $name } (на любом устройстве); кто ещё её откроет, будет смотреть игру:
web-link-anyone = Любой с этой ссылкой может занять свободное место: отправьте её другу:
web-where-is = { $where ->
    [playing] играет
    [watching] смотрит
    [idle] свободен
   *[other] { $where }
}
web-where-playing-games = играет { $n } { $n ->
    [one] партию
    [few] партии
   *[other] партий
}
web-where-devices = { $where } · устройств: { $n }
web-player-page = страница игрока { $name }
web-you = вы
web-kind-of = { $kind ->
    [bot] бот
    [player] игрок
    [human] человек
   *[other] { $kind }
}
web-challenge = Вызвать
web-challenge-who = Вызов: { $name }
web-rated-guest = рейтинговые партии — для зарегистрированных игроков: вы играете как гость (зарегистрируйте имя на панели «Учётная запись»)
web-rated-seats = { $game } с этими настройками имеет мест: { $seats }; в рейтинговой партии их два
web-challenge-refused = не удалось вызвать { $name }: { $why } ({ $code })
web-challenge-sent = вы вызвали { $name }: { $rated ->
    [yes] рейтинговая партия, { $game }
   *[no] { $game }
} ({ $clock })
web-challenge-waiting = { $words }: ждём ответа
web-withdraw = Отозвать
web-challenge-withdraw = Отозвать вызов для { $name }
web-challenge-withdrawn = вы отозвали вызов для { $name }
web-dismiss = Закрыть
web-dismiss-why = Закрыть это сообщение
web-challenge-received = { $bot ->
    [yes] { $name } (бот)
   *[no] { $name }
} вызывает вас: { $rated ->
    [yes] рейтинговая партия, { $game }
   *[no] { $game }
}, { $clock }.
web-challenge-gone = вызов от { $name } больше не действует (отозван или просрочен)
web-answer-refused = ответ для { $name } отклонён: { $why } ({ $code })
web-accept = Принять
web-challenge-accept = Принять вызов от { $name }
web-challenge-decline = Отклонить вызов от { $name }
web-challenge-stands = Действует ещё { $s } с.
web-challenge-lapsed = вызов от { $name } истёк: на него не ответили вовремя
web-challenge-answered-elsewhere = { $accepted ->
    [yes] вызов вам принят на другом вашем устройстве
   *[no] вызов вам отклонён на другом вашем устройстве
}
web-challenge-declined = { $expired ->
    [yes] { $name }: ответа на ваш вызов не было
   *[no] { $name }: ваш вызов отклонён
}
web-challenge-ended = ваш вызов для { $name } завершился: { $why }
web-their-challenge-answered-elsewhere = { $accepted ->
    [yes] вызов от { $name } принят на другом вашем устройстве
   *[no] вызов от { $name } отклонён на другом вашем устройстве
}

# страница: турниры
web-tstate = { $state ->
    [open] открыт
    [running] идёт
    [finished] завершён
    [stopped] остановлен
   *[other] { $state }
}
web-tstanding-round = { $state }, тур { $round }
web-tformat = { $format ->
    [round-robin] круговой
    [swiss] швейцарская
    [knockout] на выбывание
    [gauntlet] один против всех
   *[other] { $format }
}
web-tentrants = { $n ->
    [one] { $n } участник
    [few] { $n } участника
   *[other] { $n } участников
}
web-casual = без рейтинга
web-gstatus = { $status ->
    [bye] без пары
    [pending] ждёт
    [playing] идёт
    [waiting] ждёт игроков
    [aborted] отменена
    [finished] завершена
   *[other] { $status }
}
web-forfeit = неявка
web-tcannot-enter = не удалось участвовать: { $why }
web-tcannot-withdraw = не удалось выйти: { $why }
web-tcannot-start = не удалось начать: { $why }
web-tcannot-create = не удалось создать турнир: { $why }
web-tcannot-show = не удалось показать турнир: { $why }
web-topen = Открыть турнир { $name }
web-tbots = Боты узла, которые участвуют
web-tbot = добавить бота узла ({ $level })
web-choose-game = выберите игру
web-not-whole = { $name }: { $given } — не целое число от { $low } до { $high }
web-rounds = туры
web-gpp = партий на пару
web-tcreated = { $name } открыт для участия: запишитесь, затем начните его
web-tentered = вы участвуете
web-tdetails = { $details } · создал { $name }
web-withdrew = (вышел)
web-tkind = { $kind ->
    [hosted] бот
    [bot] клиент-бот
    [human] человек
   *[other] { $kind }
}
web-against = { $name } против { $other }
web-round-n = тур { $n }
web-bye = (без пары)
web-tgame = тур { $round }, доска { $board }{ $game ->
    [0] {""}
   *[other] , партия { $game }
}: { $players }
web-your-tournaments = ваши турниры
web-tplaced = ваше место: { $rank } из { $n }
web-tline = Турнир { $name }: { $state }
web-standings = Таблица
web-standings-of = Таблица турнира { $name }
web-tdismiss = Убрать строку о { $name }
web-twithdraw-ask = Выйти? Текущая партия будет сдана, а следующие засчитаны как проигранные из-за неявки.
web-twithdrawn = вы вышли: { $name }
web-tstarted = турнир начался
web-tenter = Участвовать
web-tstart = Начать
web-points = Очки
web-wdl = В-Н-П
web-tiebreak = Доп. показатель
web-trating = Рейтинг
web-change-here = Изменение здесь
web-crosstable = Турнирная таблица
web-crosstable-about = Очки игрока строки против игрока столбца из сыгранных между ними партий.
web-board = Доска
web-result = Результат
web-no-games-yet = Партий ещё нет: первый тур составляется, когда создатель начинает турнир.
web-format-robin = круговой (каждый с каждым)
web-format-swiss = швейцарская (пары по очкам)
web-format-knockout = на выбывание
web-format-gauntlet = один против всех (первый участник играет с каждым)
web-rounds-label = Туры
web-gpp-label = Партий на пару
web-create = Создать
web-tended-all-played = все туры сыграны
web-tended-stopped = остановлен создателем
web-tended-stopped-early = остановлен создателем до начала
web-tended-challenger = претендент вышел
